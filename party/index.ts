import { routePartykitRequest, Server, type Connection } from "partyserver";

export class Hub extends Server<Env> {
  override onMessage(connection: Connection, message: string) {
    connection.send(message);
  }
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    return (await routePartykitRequest(request, env)) ?? new Response("Not found", { status: 404 });
  },
} satisfies ExportedHandler<Env>;
