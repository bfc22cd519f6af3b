// The async boundary: shared singletons are negotiated before any of them is used; a synchronous
// import would fail with Module Federation's RUNTIME-006 ("Invalid loadShareSync function call").
void import('./bootstrap');
