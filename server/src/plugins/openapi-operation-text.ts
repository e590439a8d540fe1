/** One operation's hand-written text in the OpenAPI description (docs/decisions/0021-openapi.md). */
export type OperationText = {
  operationId: string;
  summary: string;
  /** What the 2xx answer holds (its response description). */
  ok: string;
  /** Error statuses this operation answers besides the derived ones. */
  errors?: number[];
};
