import type { Handlers } from '../../http/mount';
import type { WebhookService } from './webhook.service';

type Names = 'webhookEndpointList' | 'webhookEndpointAdd' | 'webhookEndpointUpdate' | 'webhookEndpointEnable' | 'webhookEndpointRemove'
  | 'webhookDeliveryList' | 'webhookDeliveryAttempts' | 'webhookDeliveryResend';

export const webhookHandlers = (svc: WebhookService): Pick<Handlers, Names> => ({
  webhookEndpointList: (_p, ctx) => svc.list(ctx.db, ctx.caller!),
  webhookEndpointAdd: (p, ctx) => svc.add(ctx.db, ctx.caller!, p),
  webhookEndpointUpdate: (p, ctx) => svc.update(ctx.db, ctx.caller!, p),
  webhookEndpointEnable: (p, ctx) => svc.enable(ctx.db, ctx.caller!, p),
  webhookEndpointRemove: (p, ctx) => svc.remove(ctx.db, ctx.caller!, p.id),
  webhookDeliveryList: (p, ctx) => svc.deliveries(ctx.db, ctx.caller!, p),
  webhookDeliveryAttempts: (p, ctx) => svc.attempts(ctx.db, ctx.caller!, p.id),
  webhookDeliveryResend: (p, ctx) => svc.resend(ctx.db, ctx.caller!, p.id, ctx),
});
