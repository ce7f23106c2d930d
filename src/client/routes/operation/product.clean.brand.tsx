import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation';
import { BrandCleanPage } from '../../features/operation/BrandCleanPage';

export const Route = createFileRoute('/operation/product/clean/brand')({
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.catalogueClean }),
  component: BrandCleanPage,
});
