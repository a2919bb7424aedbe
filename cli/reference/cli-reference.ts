import type { Command } from 'commander';
import type { Io } from '../lib/io';
import { buildProgram } from '../program';

/** The width the reference is wrapped at, whatever the terminal that runs the script: the file must not depend on it. */
const helpWidth = 100;

/**
 * docs/cli.md: every command's `--help`, as commander prints it, under a heading of its own, so
 * the reference is the command definitions themselves (test/unit/cli/cli-reference.test.ts fails
 * when the committed file differs from what this renders).
 */
export function renderCliReference(): string {
  let written = '';
  const sink = { write: (text: string) => ((written += text), true) } as unknown as Io['stdout'];
  const io: Io = { stdout: sink, stderr: sink, stdin: process.stdin, env: {} };
  const program = buildProgram(io);
  const sections: string[] = [];
  for (const command of eachCommand(program)) {
    command.configureOutput({
      writeOut: (text) => sink.write(text),
      getOutHelpWidth: () => helpWidth,
      getOutHasColors: () => false,
    });
    written = '';
    command.outputHelp();
    const name = commandPath(command);
    sections.push(`## ${name}\n\n\`\`\`text\n$ ${name} --help\n${written.trimEnd()}\n\`\`\`\n`);
  }
  const contents = [...eachCommand(program)].map(
    (command) => `- [${commandPath(command)}](#${commandPath(command).replaceAll(' ', '-')})`,
  );
  return [header, contents.join('\n') + '\n', ...sections].join('\n');
}

const header = `<!-- Generated from cli/program.ts by \`npm run docs:cli\`; do not edit by hand. -->

# CLI reference

Every command of \`cms\`, the command-line client, with the help it prints (\`cms <command> --help\`).
From a checkout, after \`npm ci\`, run it as \`npx cms …\`. What the commands do in more words, with
examples (signing in, the scope a login asks for, exit codes, CI): [the API guide's CLI
section](api-guide.md#cli).
`;

function* eachCommand(command: Command): Generator<Command> {
  yield command;
  for (const child of command.commands) yield* eachCommand(child);
}

function commandPath(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at; at = at.parent) names.unshift(at.name());
  return names.join(' ');
}
