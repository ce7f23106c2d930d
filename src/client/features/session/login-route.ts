import * as v from 'valibot';
import { redirect } from '@tanstack/react-router';
import { guardedBy, type RouterContext } from '../../lib/router-guard';
import { landingFor, onPhone } from './landing';

const guardLogin = guardedBy({});

/**
 * Route options shared by /login, /operation/login and /im/login. Each route names its component
 * (LoginForm.tsx's LoginPage) itself: only a component written in the route file is split out of
 * the entry bundle, and the form brings PrimeReact's Password. A signed-in user opening /login
 * goes where a sign-in would have taken them (landing.ts); the other two send on to their area.
 */
export const loginRouteOptions = {
  validateSearch: v.object({ redirect: v.optional(v.string()) }),
  beforeLoad: (ctx: { context: RouterContext; location: { pathname: string; href: string } }) => {
    const user = ctx.context.session.user;
    const path = ctx.location.pathname.replace(/\/$/, '');
    if (user && path === '/login') throw redirect({ to: landingFor(user, onPhone()), replace: true });
    guardLogin(ctx);
  },
};
