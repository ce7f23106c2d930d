import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { ProductRecommendPage } from '../../features/operation/product/ProductRecommendPage';

export const Route = createFileRoute('/operation/product/recommend')({
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.products }),
  component: ProductRecommendPage,
});
