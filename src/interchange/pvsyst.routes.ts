import { httpRoute, type AnyRoute } from '../http/pipeline';
import { pvsystFile, type PvsystPorts } from './pvsyst.service';

export interface InterchangeRouteDeps {
  readonly ports: PvsystPorts;
  readonly service: string;
}

export function interchangeRoutes({ ports, service }: InterchangeRouteDeps): AnyRoute[] {
  return [
    // The file names the URL it was read from, made from the host the request reached.
    httpRoute({
      operationId: 'getPvsystFile',
      async handleHttp(ctx, input) {
        const { format, as_of } = input.query;
        const url = `${ctx.protocol}://${ctx.host}/api/v1/products/${encodeURIComponent(input.params.id)}/pvsyst`;
        const file = await pvsystFile(input.params.id, { format, as_of }, ports, { service, url });
        if ('max_abs_dpmp_pct' in file.certificate)
          ctx.set('X-Fidelity-Max-Dpmp-Pct', String(file.certificate.max_abs_dpmp_pct));
        if ('json' in file && file.json) {
          ctx.body = file.json;
          return;
        }
        ctx.set('Content-Disposition', `attachment; filename="${file.name}"`);
        ctx.type = 'text/plain; charset=us-ascii';
        ctx.body = file.text;
      },
    }),
  ];
}
