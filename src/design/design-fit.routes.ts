// The route of checkDesignFit (its own file beside design.routes.ts).
import { route, type AnyRoute } from '../http/pipeline';
import { always } from '../http/response-cache';
import { checkDesignFit } from './design-fit.service';
import type { InverterPerformancePorts } from './inverter-performance.service';

export const designFitRoute = (ports: InverterPerformancePorts): AnyRoute =>
  route({
    operationId: 'checkDesignFit',
    fromIndex: always,
    async handle(ctx, input) {
      const { module, inverter, t_min, t_max, temperatures, modules_per_string, strings } = input.query;
      ctx.body = await checkDesignFit(
        {
          module,
          inverter,
          t_min,
          t_max,
          temperatures,
          strings,
          ...(modules_per_string ? { modules_per_string } : {}),
        },
        ports,
      );
    },
  });
