import { createFileRoute, redirect } from '@tanstack/react-router';

/** The specification's /operation/product/list is the 商品列表 at /operation/product (docs/api.md, "Pages at the specification's paths"). */
export const Route = createFileRoute('/operation/product/list')({
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/operation/product', search: search as never, replace: true });
  },
});
