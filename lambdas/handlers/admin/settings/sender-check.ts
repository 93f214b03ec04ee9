import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { checkSender } from '#lambdas/services/sender-check.ts';
import { goLiveNow } from '#lambdas/services/settings.ts';

/** "Definições" asks SES now (the go-live checklist's mail items) and gets the checklist with the answer. */
export const handler = httpRoute('POST /api/admin/settings/sender-check', {}, async () => {
  const mail = await checkSender();
  return ok({ goLive: await goLiveNow(mail) });
});
