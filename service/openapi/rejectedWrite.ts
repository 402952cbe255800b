import { HttpError, validationError } from '../http/errors';
import type { WriteRejected } from '../writes/prepareWrites';

/**
 * How DataHub's OpenAPI answers a write it rejects (v2 and v3 alike): a failed precondition
 * (CREATE of something that exists) is 412, anything else 400 Validation Error, with `message`
 * (each endpoint says which item it was). The Rest.li ingest endpoint answers in its own shape
 * (service/ingest/routes.ts).
 */
export function openApiRejection(error: WriteRejected, message: string): HttpError {
  const rejection = validationError(message);
  return error.precondition ? new HttpError(412, rejection.body) : rejection;
}
