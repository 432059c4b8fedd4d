import { route, type AnyRoute } from '../http/pipeline';
import { AppError } from '../errors/app-error';
import { sourceNotFound } from '../errors/catalog';
import type { SourceDoc } from '../catalog/source.types';

export interface SourcePorts {
  readonly sources: { list(): Promise<SourceDoc[]>; get(id: string): Promise<SourceDoc | null> };
}

function view(s: SourceDoc) {
  const { _id, loaded_at, ...rest } = s;
  return { id: _id, ...rest, loaded_at: loaded_at.toISOString() };
}

export interface SourceRouteDeps {
  readonly ports: SourcePorts;
}

export function sourceRoutes({ ports }: SourceRouteDeps): AnyRoute[] {
  return [
    route({
      operationId: 'listSources',
      async handle(ctx) {
        ctx.body = { data: (await ports.sources.list()).map(view) };
      },
    }),
    route({
      operationId: 'getSource',
      async handle(ctx, input) {
        const source = await ports.sources.get(input.params.id);
        if (!source) throw new AppError(sourceNotFound(input.params.id));
        ctx.body = view(source);
      },
    }),
  ];
}
