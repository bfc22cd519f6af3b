export declare const LOCAL_DEV_JWT_SECRET: string;
export declare const LOCAL_DEV_ANON_KEY: string;
export declare const LOCAL_DEV_SERVICE_ROLE_KEY: string;
