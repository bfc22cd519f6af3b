/**
 * The service categories, a subpath entry (`@promatch/shared/categories`): a constant table with
 * no state, bundled into the apps that list categories rather than into the `@promatch/shared`
 * singleton every page loads before its first render.
 */
export {
  findServiceCategory,
  SERVICE_CATEGORIES,
  type CategoryDomain,
  type ServiceCategory,
} from './service-categories';
