export * from './auth';
export * from './company';
