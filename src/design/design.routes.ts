import { route, type AnyRoute } from '../http/pipeline';
import { always } from '../http/response-cache';
import { modulePerformance, type DesignPorts } from './performance.service';
import { checkCompatibility } from './string-sizing.service';
import { designFitRoute } from './design-fit.routes';
import { heatPumpPerformance } from './heat-pump-performance.service';
import { inverterPerformance, type InverterPerformancePorts } from './inverter-performance.service';

export interface DesignRouteDeps {
  readonly ports: DesignPorts & InverterPerformancePorts;
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
      operationId: 'getInverterPerformance',
      fromIndex: always,
      async handle(ctx, input) {
        const { model, points, eta_inv_nom } = input.query;
        ctx.body = await inverterPerformance(input.params.id, { model, points, eta_inv_nom }, ports);
      },
    }),
    route({
      operationId: 'getHeatPumpPerformance',
      fromIndex: always,
      async handle(ctx, input) {
        const { points, outdoor_temperature } = input.query;
        ctx.body = await heatPumpPerformance(input.params.id, { points, outdoor_temperature }, ports);
      },
    }),
    route({
      operationId: 'checkCompatibility',
      fromIndex: always,
      async handle(ctx, input) {
        const { module, inverter, t_min, t_max, temperatures } = input.query;
        ctx.body = await checkCompatibility({ module, inverter, t_min, t_max, temperatures }, ports);
      },
    }),
    designFitRoute(ports),
  ];
}
