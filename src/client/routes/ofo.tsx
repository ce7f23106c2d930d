import { createFileRoute, Outlet } from '@tanstack/react-router';
import { guardedBy } from '../lib/router-guard';

/** The phone mall (/ofo): signed-in users only; each page adds its own permission codes. */
export const Route = createFileRoute('/ofo')({
  beforeLoad: guardedBy({ auth: true }),
  component: Outlet,
});
