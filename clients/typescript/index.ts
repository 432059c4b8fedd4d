// A typed client for the Product Data Service: every operation by its operationId, with its query,
// path parameters, body and responses typed from the OpenAPI document (src/contract/operations.generated.ts).
//
//   const pds = new PdsClient('http://127.0.0.1:3000', { token: process.env.PDS_KEY });
//   const res = await pds.call('searchProducts', { query: { q: 'trina 400', limit: 5 } });
//   if (res.status === 200) console.log(res.body.data.map((p) => p.model));
//
// The designer's operations also have methods named as the Python client names them (pvsyst,
// modulePerformance, inverterPerformance, heatPumpPerformance): they answer the body, or throw a
// ProblemError with the service's problem.
//
//   const pan = await pds.pvsyst('qcells-north-america-q-peak-duo-blk-ml-g10-plus-400');
//   writeFileSync(pan.name, pan.text, 'ascii');
import { OPERATIONS, type Operations, type Problem, type PvsystFile } from '../../src/contract/operations.generated';

export type * from '../../src/contract/operations.generated';
export type OperationId = keyof Operations;

export type CallInput<O extends OperationId> = {
  /** An API key (`pds_...`) or, for key management, the login token. */
  readonly token?: string;
  readonly headers?: Record<string, string>;
} & ([Operations[O]['query']] extends [never]
  ? { readonly query?: never }
  : { readonly query?: Operations[O]['query'] }) &
  ([Operations[O]['params']] extends [never]
    ? { readonly params?: never }
    : { readonly params: Operations[O]['params'] }) &
  ([Operations[O]['body']] extends [never] ? { readonly body?: never } : { readonly body: Operations[O]['body'] });

/** One documented answer: its status narrows the body's type. */
export type Reply<O extends OperationId> = {
  [S in keyof Operations[O]['responses']]: {
    readonly status: S extends `${infer N extends number}` ? N : S;
    readonly headers: Headers;
    readonly body: Operations[O]['responses'][S];
  };
}[keyof Operations[O]['responses']];

/** A revision number, an RFC 3339 time, or a Date (sent as its ISO time). */
export type AsOf = number | string | Date;

/** A non-2xx answer of a method below: the RFC 9457 problem the service sent. */
export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem,
  ) {
    super(`${problem.title ?? 'HTTP error'} (${status}): ${problem.detail ?? ''}`);
    this.name = 'ProblemError';
  }
}

/** A PVsyst file as served: its name (from Content-Disposition), its text, and a .PAN file's certificate header. */
export interface PvsystText {
  readonly name: string;
  readonly text: string;
  /** `X-Fidelity-Max-Dpmp-Pct`: a .PAN file's largest |ΔPmp| over the IEC 61853-1 points, %. */
  readonly max_abs_dpmp_pct?: number;
}

const asOfText = (at: AsOf) => (at instanceof Date ? at.toISOString() : String(at));

export class PdsClient {
  constructor(
    readonly baseUrl: string,
    private readonly defaults: { readonly token?: string } = {},
  ) {}

  /** The URL an operation is called at, with its path parameters and query filled in. */
  url(operationId: OperationId, input: { readonly query?: object; readonly params?: object } = {}): string {
    const params = (input.params ?? {}) as Record<string, string>;
    const path = OPERATIONS[operationId].path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(params[name] ?? ''),
    );
    const query = new URLSearchParams();
    const commaSeparated = OPERATIONS[operationId].commaSeparated;
    for (const [k, v] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
      if (v === undefined) continue;
      if (Array.isArray(v) && commaSeparated.includes(k)) query.append(k, v.join(','));
      else for (const item of Array.isArray(v) ? v : [v]) query.append(k, String(item));
    }
    const qs = query.toString();
    return `${this.baseUrl}${path}${qs ? `?${qs}` : ''}`;
  }

  async call<O extends OperationId>(
    operationId: O,
    ...[input]: {} extends CallInput<O> ? [CallInput<O>?] : [CallInput<O>]
  ): Promise<Reply<O> & { readonly text: string }> {
    const given = (input ?? {}) as CallInput<O> & { body?: unknown };
    const headers: Record<string, string> = { accept: 'application/json', ...given.headers };
    const token = given.token ?? this.defaults.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (given.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.url(operationId, given), {
      method: OPERATIONS[operationId].method,
      headers,
      body: given.body === undefined ? undefined : JSON.stringify(given.body),
    });
    const text = await res.text();
    const type = res.headers.get('content-type') ?? '';
    const body =
      /^application\/([\w.-]+\+)?json\b/.test(type) && text ? (JSON.parse(text) as unknown) : text || undefined;
    return { status: res.status, headers: res.headers, body, text } as unknown as Reply<O> & { readonly text: string };
  }

  /** Calls an operation and answers its 2xx body, or throws the problem. */
  private async body<O extends OperationId>(
    operationId: O,
    input: CallInput<O>,
  ): Promise<{ readonly body: unknown; readonly headers: Headers }> {
    const res = await (this.call as (o: O, i: CallInput<O>) => Promise<Reply<O> & { text: string }>)(
      operationId,
      input,
    );
    const status = res.status as number;
    if (status >= 300) {
      const body = res.body as Problem | string | undefined;
      throw new ProblemError(
        status,
        typeof body === 'object' ? body : ({ title: `HTTP ${status}`, detail: res.text } as Problem),
      );
    }
    return { body: res.body, headers: res.headers };
  }

  /**
   * `GET /api/v1/products/{id}/pvsyst` (getPvsystFile): a module's `.PAN` or an inverter's `.OND` as
   * served (its name and text), or with `format: 'json'` its JSON twin: every key with its class and
   * provenance, the keys you must supply (`unknown`) and the fidelity `certificate`.
   */
  pvsyst(id: string, options: { readonly format: 'json'; readonly as_of?: AsOf }): Promise<PvsystFile>;
  pvsyst(id: string, options?: { readonly format?: 'pan' | 'ond'; readonly as_of?: AsOf }): Promise<PvsystText>;
  async pvsyst(
    id: string,
    { format, as_of }: { readonly format?: 'pan' | 'ond' | 'json'; readonly as_of?: AsOf } = {},
  ): Promise<PvsystFile | PvsystText> {
    const query = { format, as_of: as_of === undefined ? undefined : asOfText(as_of) };
    const headers = format === 'json' ? undefined : { accept: 'text/plain' };
    const { body, headers: got } = await this.body('getPvsystFile', { params: { id }, query, headers });
    if (format === 'json') return body as PvsystFile;
    const name = /filename="([^"]+)"/.exec(got.get('content-disposition') ?? '')?.[1] ?? `${id}.${format ?? 'txt'}`;
    const pct = got.get('x-fidelity-max-dpmp-pct');
    return { name, text: body as string, ...(pct === null ? {} : { max_abs_dpmp_pct: Number(pct) }) };
  }

  /** A module's operating point (and IV curve with `iv_points`) at an irradiance and cell temperature (getModulePerformance). */
  async modulePerformance(
    id: string,
    query: Operations['getModulePerformance']['query'] = {},
  ): Promise<Operations['getModulePerformance']['responses'][200]> {
    return (await this.body('getModulePerformance', { params: { id }, query })).body as never;
  }

  /**
   * An inverter's AC output, efficiency and state at `[DC power W, DC voltage V]` points, and its CEC
   * curves and weighted efficiencies at Mppt_low, Vdco and Mppt_high (getInverterPerformance).
   */
  async inverterPerformance(
    id: string,
    {
      points,
      ...rest
    }: Omit<Operations['getInverterPerformance']['query'], 'points'> & {
      readonly points?: ReadonlyArray<readonly [number, number]>;
    } = {},
  ): Promise<Operations['getInverterPerformance']['responses'][200]> {
    const query = { ...rest, points: points?.map(([p, v]) => `${p}@${v}`) };
    return (await this.body('getInverterPerformance', { params: { id }, query })).body as never;
  }

  /**
   * A heat pump's COP, heating and electric power at `[source °C, flow °C(, outdoor °C)]` points, each
   * flagged within the tested range or extrapolated, and its COP curves at 35/45/55 °C flow (getHeatPumpPerformance).
   */
  async heatPumpPerformance(
    id: string,
    {
      points,
      ...rest
    }: Omit<Operations['getHeatPumpPerformance']['query'], 'points'> & {
      readonly points?: ReadonlyArray<readonly number[]>;
    } = {},
  ): Promise<Operations['getHeatPumpPerformance']['responses'][200]> {
    const query = { ...rest, points: points?.map((point) => point.join('/')) };
    return (await this.body('getHeatPumpPerformance', { params: { id }, query })).body as never;
  }
}
