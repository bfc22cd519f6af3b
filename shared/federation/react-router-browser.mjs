/**
 * What the apps use of React Router, the module every app provides for the `react-router` and
 * `react-router-dom` singletons (shared-deps.cjs). A federated singleton is shared whole, never
 * tree-shaken: providing the packages themselves put all of React Router (its server request
 * handler, cookie and session storage, RSC support) in the shell's first-render JavaScript, about
 * 60 KB gzip. Re-exporting only what the browser apps import lets the bundler drop the rest.
 *
 * Both names point at this one module, so the browser still holds one router and one set of router
 * contexts. An app importing a name missing here gets `undefined`: add the name below;
 * `react-router-browser.test.ts` fails until every name the apps import is listed.
 * `promatch-react-router-full` is React Router's own ES module entry (an alias the rspack
 * configuration sets), not the shared `react-router`, which would be this module again.
 */
export {
  BrowserRouter,
  Link,
  matchPath,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'promatch-react-router-full';
