import { createFileRoute } from '@tanstack/react-router';
import { OperatorHome } from '../../features/operation/OperatorHome';

export const Route = createFileRoute('/operation/')({ component: OperatorHome });
