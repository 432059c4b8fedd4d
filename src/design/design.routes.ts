import { route, type AnyRoute } from '../http/pipeline';
import { always } from '../http/response-cache';
import { modulePerformance, type DesignPorts } from './performance.service';
import { sizeStrings } from './string-sizing.service';
import { designFitRoute } from './design-fit.routes';

export interface DesignRouteDeps {
  readonly ports: DesignPorts;
}

export function designRoutes({ ports }: DesignRouteDeps): AnyRoute[] {
  return [
    route({
      operationId: 'getModulePerformance',
      fromIndex: always,
      async handle(ctx, input) {
        const { irradiance, cell_temperature, model, iv_points } = input.query;
        ctx.body = await modulePerformance(input.params.id, { irradiance, cell_temperature, model, iv_points }, ports);
      },
    }),
    route({
      operationId: 'checkCompatibility',
      fromIndex: always,
      async handle(ctx, input) {
        const { module, inverter, t_min, t_max, temperatures } = input.query;
        ctx.body = await sizeStrings({ module, inverter, t_min, t_max, temperatures }, ports);
      },
    }),
    designFitRoute(ports),
  ];
}
