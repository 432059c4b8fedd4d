import { route, type AnyRoute } from '../http/pipeline';
import { always } from '../http/response-cache';
import { getCompany, listCompanies, type CompanyPorts } from './companies.service';

export interface CompanyRouteDeps {
  readonly ports: CompanyPorts;
  /** Signs the list's cursors. */
  readonly cursorSecret: string;
}

export function companyRoutes({ ports, cursorSecret }: CompanyRouteDeps): AnyRoute[] {
  return [
    route({
      operationId: 'listManufacturers',
      fromIndex: always,
      async handle(ctx, input) {
        ctx.body = await listCompanies(input.query, ports, cursorSecret);
      },
    }),
    route({
      operationId: 'getManufacturer',
      async handle(ctx, input) {
        ctx.body = await getCompany(input.params.id, ports);
      },
    }),
  ];
}
