// `npm run admin -- <command>`: operator commands for users and roles (commands.ts; target.ts
// says where they send their requests) and for the data as a whole (data-commands.ts), with the
// server's settings (server/config.ts reads the environment, as for the server).
// Exit codes: 0 done, 1 the operation failed (e.g. unknown e-mail) or a setting is wrong,
// 2 bad arguments.
import { ConfigError, readConfig } from "../config.ts";
import { isDataCommand, parseCommand, runCommand } from "./commands.ts";
import { runDataCommand } from "./data-commands.ts";
import { OperatorError, resolveTarget } from "./target.ts";
import type { Target } from "./target.ts";

async function main(argv: readonly string[]): Promise<number> {
  let target: Target | undefined;
  try {
    const command = parseCommand(argv);
    if (command.name === "help") {
      await runCommand(command, null as never, (line) => console.log(line));
      return 0;
    }
    const config = readConfig(process.env);
    if (isDataCommand(command)) {
      await runDataCommand(command, config, (line) => console.log(line));
      return 0;
    }
    target = await resolveTarget(config);
    // stderr, so `npm run admin -- keys > .env` captures only the key lines.
    console.error(`Using ${target.description}.`);
    await runCommand(command, target, (line) => console.log(line));
    return 0;
  } catch (error) {
    if (error instanceof OperatorError) {
      console.error(error.message);
      return error.exitCode;
    }
    if (error instanceof ConfigError) {
      // The server's own words for it (server/boot.ts).
      console.error(`Configuration error: ${error.message}`);
      return 1;
    }
    console.error(`Unexpected error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await target?.close();
  }
}

// Exit explicitly: an idle PGlite or pg pool must not keep a finished command alive.
process.exit(await main(process.argv.slice(2)));
