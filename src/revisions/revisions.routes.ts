import { route, type AnyRoute } from '../http/pipeline';
import { listRevisions, getRevision, type RevisionPorts } from './revisions.service';
import { listChanges, changesCost, type ChangePorts } from './changes.service';
import { requireState } from '../http/request-state';

export interface RevisionRouteDeps {
  readonly ports: RevisionPorts & ChangePorts;
  /** Signs the history's cursors. */
  readonly cursorSecret: string;
}

export function revisionRoutes({ ports, cursorSecret }: RevisionRouteDeps): AnyRoute[] {
  return [
    route({
      operationId: 'listRevisions',
      async handle(ctx, input) {
        ctx.body = await listRevisions(input.params.id, input.query, ports, cursorSecret);
      },
    }),
    route({
      operationId: 'getRevision',
      async handle(ctx, input) {
        ctx.body = await getRevision(input.params.id, input.params.number, ports);
      },
    }),
    route({
      operationId: 'listChanges',
      async handle(ctx, input) {
        // The base credit is paid; a larger page pays for the reads it may make before any is made.
        await requireState(ctx, 'charge')(changesCost(input.query.limit) - 1);
        ctx.body = await listChanges(input.query, ports, cursorSecret);
      },
    }),
  ];
}
