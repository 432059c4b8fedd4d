import type { Route } from '../http/pipeline';
import { listRevisions, getRevision, type RevisionPorts } from './revisions.service';
import { listChanges, type ChangePorts } from './changes.service';

export function revisionRoutes(ports: RevisionPorts & ChangePorts, cursorSecret: string): Route[] {
  return [
    {
      operationId: 'listRevisions',
      async handle(ctx, input) {
        ctx.body = await listRevisions(input.params.id, input.query as { limit: number; cursor?: string }, ports, cursorSecret);
      },
    },
    {
      operationId: 'getRevision',
      async handle(ctx, input) {
        ctx.body = await getRevision(input.params.id, Number(input.params.number), ports);
      },
    },
    {
      operationId: 'listChanges',
      async handle(ctx, input) {
        ctx.body = await listChanges(input.query as { limit: number; cursor?: string }, ports, cursorSecret);
      },
    },
  ];
}
