import { route, type AnyRoute } from '../http/pipeline';
import { listRevisions, getRevision, type RevisionPorts } from './revisions.service';
import { listChanges, type ChangePorts } from './changes.service';

export function revisionRoutes(ports: RevisionPorts & ChangePorts, cursorSecret: string): AnyRoute[] {
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
        ctx.body = await listChanges(input.query, ports, cursorSecret);
      },
    }),
  ];
}
