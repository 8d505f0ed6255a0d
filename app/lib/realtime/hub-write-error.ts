/** A chat write the hub did not store (refused, or undeliverable); `code` is the hub's error code. */
export class HubWriteError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = "HubWriteError";
  }
}
