// SAM lists: with a key (exportSamList), or through a signed URL (downloadSamLink) that a key made
// (createSamLink) and may revoke (revokeSamLink). Both downloads are planned and priced before
// anything is sent: the rows are counted, the price charged, then the text streams.
import { httpRoute, route, type AnyRoute } from '../http/pipeline';
import type { Call } from '../http/call';
import { AccountSlots } from '../shared/account-slots';
import { requireState } from '../http/request-state';
import { planSamList, samFileName, samListBody, samListCost, type SamListPorts } from './sam-list.service';
import { samRequest } from './sam-filter';
import { linkView, type SamLinkService } from './sam-links.service';
import { samEdition, samList } from './sam-list.service';

export interface SamRouteDeps {
  readonly ports: SamListPorts;
  readonly links: SamLinkService;
  /** SAM lists an account may have chosen at once on this instance (the choosing reads the index). */
  readonly perAccount: number;
}

async function sendSamList(
  ctx: Call,
  list: string,
  query: Readonly<Record<string, unknown>>,
  { ports, slots }: { ports: SamListPorts; slots: AccountSlots },
) {
  const accountId = requireState(ctx, 'apiKey').accountId;
  const plan = await slots.within(accountId, () => planSamList(list, samRequest(query), ports));
  // The base credit is held already; the rest of the price before a byte is sent.
  await requireState(ctx, 'charge')(samListCost(plan.rows.length) - 1);
  ctx.type = 'text/csv; charset=utf-8';
  ctx.set({
    'Content-Disposition': `attachment; filename="${samFileName(plan)}"`,
    'X-Sam-Source': `${plan.source._id}; edition=${plan.source.edition}; rows=${plan.rows.length}`,
  });
  ctx.body = samListBody(plan);
}

export function samRoutes({ ports, links, perAccount }: SamRouteDeps): AnyRoute[] {
  const sending = { ports, slots: new AccountSlots(perAccount, 'SAM lists', 10) };
  return [
    route({
      operationId: 'exportSamList',
      async handle(ctx, input) {
        await sendSamList(ctx, input.params.list, input.query, sending);
      },
    }),
    route({
      operationId: 'downloadSamLink',
      async handle(ctx, input) {
        // The gate opened the link already; it is read again here for its list and query.
        const { link } = await links.open(input.params.id, input.query.signature);
        await sendSamList(ctx, link.list, link.query, sending);
      },
    }),
    // The link's URL is made from the host the request reached.
    httpRoute({
      operationId: 'createSamLink',
      async handleHttp(ctx, input) {
        // A link to a list SAM has no format for, or to an edition the list does not have, is not made.
        const sources = await ports.sources.list();
        samList(input.body.list, sources);
        const query = links.validated(input.body);
        samEdition(input.body.list, samRequest(query), sources);
        const link = await links.create(requireState(ctx, 'apiKey'), input.body, query);
        ctx.status = 201;
        // The address the request came to (behind a trusted proxy, the one it names).
        ctx.body = linkView(link, `${ctx.protocol}://${ctx.host}${links.path(link)}`);
      },
    }),
    route({
      operationId: 'revokeSamLink',
      async handle(ctx, input) {
        await links.revoke(requireState(ctx, 'apiKey').accountId, input.params.id);
        ctx.status = 204;
      },
    }),
  ];
}
