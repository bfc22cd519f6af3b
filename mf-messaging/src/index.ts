// The async boundary: shared singletons are negotiated before any of them is used (RUNTIME-006).
void import('./bootstrap');
