import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CODES } from '../../../shared/domain/operation-codes';
import { CodeTemplatesPage } from '../../features/operation/privilege/CodeTemplatesPage';

export const Route = createFileRoute('/operation/privilege/template')({
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CODES.codeTemplates }),
  component: CodeTemplatesPage,
});
