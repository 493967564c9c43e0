import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type Pino = FastifyBaseLogger & { isLevelEnabled(level: Level): boolean };

/**
 * A request's logger, bound to its id like Fastify's own, but made on first use: pino
 * builds a child logger in about a microsecond, and almost no request logs anything at
 * the levels we run with (Fastify's per-request info lines are below them).
 */
class LazyChildLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Pino,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private made() {
    return (this.#made ??= this.parent.child(this.bindings, this.options));
  }

  private write(level: Level, args: unknown[]) {
    if (this.#made || this.parent.isLevelEnabled(level)) (this.made()[level] as (...a: unknown[]) => void)(...args);
  }

  get level() {
    return this.#made ? this.#made.level : this.parent.level;
  }

  set level(level: string) {
    this.made().level = level;
  }

  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildOptions) {
    return this.made().child(bindings, options);
  }
}

export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) => {
  const pino = logger as Pino;
  // A level of its own (a route's logLevel) or a logger that is not pino: made at once.
  if (options.level !== undefined || typeof pino.isLevelEnabled !== 'function') return logger.child(bindings, options);
  return new LazyChildLogger(pino, bindings, options);
};
