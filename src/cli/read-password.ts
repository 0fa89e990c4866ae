import readline from "node:readline";

/** Reads one line: prompted (and hidden when asked) on a terminal, plain from a pipe. */
export async function readPassword(prompt: string, { hidden }: { hidden: boolean }): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    const lines = readline.createInterface({ input });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    return "";
  }
  const rl = readline.createInterface({ input, output: process.stdout, terminal: true });
  if (hidden) {
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) =>
      write.call(rl, s.startsWith(prompt) ? s : "");
  }
  const answer = await new Promise<string>((resolve) => rl.question(prompt, resolve));
  rl.close();
  if (hidden) process.stdout.write("\n");
  return answer;
}
