import { Command, CommanderError, Option } from "commander";
import { EXIT, type CommonOptions } from "./commands/command-kit";
import { diffCommand } from "./commands/diff";
import { exportCommand } from "./commands/export";
import { importCommand } from "./commands/import";
import { pullCommand } from "./commands/pull";
import { pushCommand, type PushOptions } from "./commands/push";
import { scanCommand, type ScanOptions } from "./commands/scan";
import { validateCommand } from "./commands/validate";
import { verifyCommand } from "./commands/verify";
import type { Io } from "./io";

/**
 * `skillgraph diff|push|pull|validate|scan|verify <folder>` (EC-3, CR-4, PV-2) and `import`/`export` of one skill folder, one file a
 * command under `commands/`. Resolves with the exit code; it never calls process.exit, so tests run it in process.
 */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  let exitCode: number = EXIT.ok;
  const settle = async (command: Promise<number>): Promise<void> => {
    exitCode = await command;
  };
  const json = new Option("--json", "print one JSON object instead of text (no colour, no progress line)");
  const url = new Option("--url <url>", "the Skillgraph server (default: SKILLGRAPH_URL, else http://localhost:4000)");
  const failOn = new Option(
    "--fail-on <severity>",
    "low, medium, high or critical: a content-review finding at or above it fails (default high)",
  );
  const frozen = new Option(
    "--frozen",
    "make nothing; exit 2 when the folder, skillgraph.lock and the server disagree",
  );
  const program = new Command("skillgraph")
    .description(
      "Agent Skills folders kept in git, against a Skillgraph server. SKILLGRAPH_URL and SKILLGRAPH_API_KEY say where and who.",
    )
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.out(text), writeErr: (text) => io.err(text) })
    .showHelpAfterError();

  program
    .command("validate")
    .description("check every skill folder with the server's own validator, offline; report every problem")
    .argument("<folder>", "a skill folder, or a folder of skill folders")
    .addOption(json)
    .addOption(failOn)
    .action((folder: string, options: PushOptions) => settle(validateCommand(folder, options, io)));
  program
    .command("scan")
    .description(
      "review every skill folder offline with the server's content scanner (hidden text, remote code, secrets, …)",
    )
    .argument("<folder>", "a skill folder, or a folder of skill folders")
    .option("--format <format>", "text, json or sarif (SARIF 2.1.0, for code scanning)", "text")
    .addOption(failOn)
    .action((folder: string, options: ScanOptions) => settle(scanCommand(folder, options, io)));
  program
    .command("diff")
    .description("show, per skill folder, what a push would do: new, changed (with a short diff) or unchanged")
    .argument("<folder>", "a skill folder, or a folder of skill folders")
    .addOption(frozen)
    .addOption(json)
    .addOption(url)
    .action((folder: string, options: PushOptions) => settle(diffCommand(folder, options, io)));
  program
    .command("push")
    .description("make a draft of each new or changed skill folder, then write skillgraph.lock")
    .argument("<folder>", "a skill folder, or a folder of skill folders")
    .option("--publish", "publish each folder's version that is a draft (those that need no approval)")
    .option("--rollout", "start a staged rollout of each new version instead of publishing it")
    .addOption(failOn)
    .addOption(frozen)
    .addOption(json)
    .addOption(url)
    .action((folder: string, options: PushOptions) => settle(pushCommand(folder, options, io)));
  program
    .command("pull")
    .description("write every live skill as <folder>/<name>/ and skillgraph.lock")
    .argument("<folder>", "where the skill folders go")
    .addOption(json)
    .addOption(url)
    .action((folder: string, options: PushOptions) => settle(pullCommand(folder, options, io)));
  program
    .command("verify")
    .description(
      "check pulled skill folders against their signed attestations: the signature with the server's keys, every file's sha256 and size",
    )
    .argument("<folder>", "a pulled skill folder, or the folder pull wrote into")
    .addOption(json)
    .addOption(url)
    .action((folder: string, options: CommonOptions) => settle(verifyCommand(folder, options, io)));
  program
    .command("import")
    .description("one skill folder becomes the skill's next draft")
    .argument("<skill-folder>")
    .addOption(json)
    .addOption(url)
    .action((dir: string, options: CommonOptions) => settle(importCommand(dir, options, io)));
  program
    .command("export")
    .description("write one version as <parent-folder>/<name>/")
    .argument("<version-id>")
    .argument("<parent-folder>")
    .addOption(json)
    .addOption(url)
    .action((id: string, parent: string, options: CommonOptions) => settle(exportCommand(id, parent, options, io)));

  try {
    await program.parseAsync([...argv], { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === "commander.helpDisplayed" || error.code === "commander.version" ? EXIT.ok : EXIT.failed;
    }
    throw error;
  }
  return exitCode;
}
