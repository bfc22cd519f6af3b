export * from './auth';
export * from './company';
export * from './profile';
export { z } from './zod';
