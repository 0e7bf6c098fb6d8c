import type { OperationTag, RestDoor } from "../rest/operations";

/** What a door says beyond its method, path, tag, summary and the answer's description. */
type DoorDetails = Omit<RestDoor, "method" | "path" | "tag" | "summary" | "answer"> & { answer?: Omit<RestDoor["answer"], "description"> };

/**
 * A GET door as a procedure's metadata, in one line: `.meta(read(tag, "/admin/news/:id", "One article",
 * "The article."))`. `details` adds the rest of the door (a description, errors, the answer's headers).
 */
export function read(tag: OperationTag, path: string, summary: string, answer: string, details: DoorDetails = {}): { rest: RestDoor } {
  return door("get", tag, path, summary, answer, details);
}

/**
 * Any door as a procedure's metadata: `.meta(door("post", tag, "/admin/2fa/setup", "Start two-factor enrolment", "The key.", { errors:
 * [403] }))`.
 */
export function door(
  method: RestDoor["method"],
  tag: OperationTag,
  path: string,
  summary: string,
  answer: string,
  details: DoorDetails = {},
): { rest: RestDoor } {
  return { rest: { method, path, tag, summary, ...details, answer: { ...details.answer, description: answer } } };
}

/** A read of the public site: GET {path}, tag "Public site", answered from the serialized-body cache. */
export function publicRead(path: string, summary: string, answer: string, details: DoorDetails = {}): { rest: RestDoor } {
  return read("Public site", path, summary, answer, { cached: true, ...details });
}
