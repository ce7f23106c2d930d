import * as v from 'valibot';
import { guardedBy } from '../../lib/router-guard';

/**
 * Route options shared by /login, /operation/login and /im/login. Each route names its component
 * (LoginForm.tsx's LoginPage) itself: only a component written in the route file is split out of
 * the entry bundle, and the form brings PrimeReact's Password.
 */
export const loginRouteOptions = {
  validateSearch: v.object({ redirect: v.optional(v.string()) }),
  beforeLoad: guardedBy({}),
};
