// A client that declares a body, sends part of it and hangs up: what bounded-body.test.ts and
// server/http/access-log.test.ts send to a real Node HTTP server.
import net from "node:net";

/** Sends `head` and `body` on a raw socket, half-closes it, and returns the status line answered. */
export function sendAndHangUp(port: number, head: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("close", () => resolve(answer.split("\r\n")[0] ?? ""));
    socket.on("error", reject);
    socket.write(`${head}\r\n\r\n${body}`, () => socket.end());
  });
}
