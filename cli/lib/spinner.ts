const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/**
 * A progress line on stderr while `work` runs, only when stderr is a terminal: in pipes and CI
 * logs nothing is drawn. The line is cleared before anything else is printed.
 */
export async function withSpinner<T>(
  stderr: NodeJS.WritableStream & { isTTY?: boolean },
  label: string,
  work: Promise<T>,
): Promise<T> {
  if (!stderr.isTTY) return work;
  let frame = 0;
  const draw = () => stderr.write(`\r${frames[frame++ % frames.length]} ${label}`);
  draw();
  const timer = setInterval(draw, 80);
  try {
    return await work;
  } finally {
    clearInterval(timer);
    stderr.write('\r\u001b[2K');
  }
}
