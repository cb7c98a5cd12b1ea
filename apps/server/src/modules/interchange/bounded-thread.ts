import { Worker } from 'node:worker_threads';

/**
 * Synchronous work that grows with its input (reading an import file, building an export) runs on a thread of its
 * own, so that the server's thread goes on serving everyone else meanwhile. A BoundedThread is one such thread,
 * started at its first job and kept (unreferenced: it never keeps the process alive); jobs run one after another.
 *
 * The thread has bounds, so that whatever the input holds, the job ends. Memory: an input that fills the thread's
 * heap kills the thread, never the server. Time: a job still running after `timeoutMs` has the thread stopped, so that
 * no input holds every later job behind it. Either way the job is refused (`refusal`), and the next job gets a new
 * thread. The time counts from when the thread takes the job: a new thread's start (loading its modules) is not the
 * input's doing.
 *
 * The thread runs `thread-worker.mjs` with a task module (`task`, a `ThreadTask`) of plain TypeScript. Loading that
 * module takes seconds under tsx (docx, TipTap, happy-dom: the first Word export took 9.3 s against 0.57 s for the
 * next), so a server may start the thread ahead of its first job (`warm`, with WARM_THREADS=true).
 *
 * A thread holds tens of megabytes (its own V8 heap and modules: 73 MB for the export and quality threads together),
 * which a small machine should not keep for a job that comes once a day: a thread with no job for `idleMs` is stopped,
 * and the next job starts a new one (decisions §26, memory).
 */
export type ThreadLimits = {
  heapMb: number;
  timeoutMs: number;
  /** How long a thread waits for its next job before it is stopped; `null`: kept until `close`. THREAD_IDLE_MS if unset. */
  idleMs?: number | null;
};

/**
 * What a task module exports as `task`: the work, which of its errors refuse the input (not a failure of ours), and
 * optionally what a thread started ahead of its first job does first (`warm`: run the work once on a sample, so that
 * the first real job finds its code compiled and its caches made).
 */
export type ThreadTask<In, Out> = {
  run(input: In): Out | Promise<Out>;
  refuses(error: unknown): boolean;
  warm?(): void | Promise<void>;
};

/** Why a job was refused: the thread's heap, its time, or the task's own refusal (with the task's message). */
export type Refusal =
  { reason: 'memory' } | { reason: 'time'; timeoutMs: number } | { reason: 'task'; message: string };

export type ThreadOptions = {
  /** The task module, as a URL (`new URL('./x-task.ts', import.meta.url)`). */
  task: URL;
  /** Named in errors: "the reading thread". */
  name: string;
  limits: ThreadLimits;
  /** The error a refused job rejects with. */
  refusal: (refusal: Refusal) => Error;
};

/** A thread with no job for ten minutes gives its memory back (decisions §26). */
export const THREAD_IDLE_MS = 10 * 60_000;

type Job<In, Out> = {
  id: number;
  input: In;
  resolve: (output: Out) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
};
type Answer<Out> = {
  ready?: true;
  id: number;
  started?: true;
  output?: Out;
  error?: { refused: boolean; message: string };
};

export class BoundedThread<In, Out> {
  private worker: Worker | null = null;
  private current: Job<In, Out> | null = null;
  private readonly waiting: Job<In, Out>[] = [];
  private nextId = 1;
  /** Settles once the current thread has loaded its task module, or has ended. */
  private loaded: Promise<void> = Promise.resolve();
  private closed = false;
  private idleTimer: NodeJS.Timeout | undefined;
  private keepWarm = false;

  constructor(private readonly options: ThreadOptions) {}

  /** Runs the task on the thread; rejects with the refusal's error past a bound, or as the task threw. */
  run(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, input, resolve, reject });
      this.next();
    });
  }

  /**
   * Starts the thread now rather than at the first job, so that the first job costs what the others do; settles once
   * the task module is loaded (or the thread ended: a thread that dies here is started again by the next job). The
   * thread stays unreferenced: a warm thread never keeps the process alive. Nothing after `close`. A server that warms
   * its threads has chosen speed over memory: its threads are not stopped when idle.
   */
  warm(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.keepWarm = true;
    this.thread(true);
    return this.loaded;
  }

  /** Stops the thread (tests, shutdown); what waits is refused, and no warm-up starts it again. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = null;
    const closed = () => new Error(`${this.options.name} was closed`);
    for (const job of this.waiting.splice(0)) job.reject(closed());
    if (this.current) this.settle(this.current, closed());
    await worker?.terminate();
  }

  private next(): void {
    if (this.current || this.waiting.length === 0) return;
    const job = this.waiting.shift()!;
    this.current = job;
    clearTimeout(this.idleTimer);
    const worker = this.thread();
    // Referenced while it works, so that a script waiting only for this answer is not ended under it.
    worker.ref();
    worker.postMessage({ id: job.id, input: job.input });
  }

  /** Ends the current job with its output or its error, and goes on with the next one. */
  private settle(job: Job<In, Out>, outcome: { output: Out } | Error): void {
    if (this.current !== job) return;
    clearTimeout(job.timer);
    this.current = null;
    if (outcome instanceof Error) job.reject(outcome);
    else job.resolve(outcome.output);
    if (this.waiting.length === 0) this.worker?.unref();
    this.next();
    if (!this.current) this.stopWhenIdle();
  }

  /** Whether a thread is running now (tests of the idle stop). */
  get running(): boolean {
    return this.worker !== null;
  }

  /** Stops the thread once it has had no job for `idleMs`; a job before then keeps it (see `next`). */
  private stopWhenIdle(): void {
    const idleMs = this.options.limits.idleMs === undefined ? THREAD_IDLE_MS : this.options.limits.idleMs;
    if (idleMs === null || this.keepWarm || !this.worker) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      const idle = this.worker;
      if (!idle || this.current) return;
      this.worker = null;
      void idle.terminate();
    }, idleMs);
    this.idleTimer.unref();
  }

  /** The thread, started if need be; `warm`: started ahead of a job, it runs the task's warm-up before any job. */
  private thread(warm = false): Worker {
    if (this.worker) return this.worker;
    const { limits, name, refusal } = this.options;
    const started = new Worker(new URL('./thread-worker.mjs', import.meta.url), {
      workerData: { task: this.options.task.href, warm },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
    });
    started.unref();
    const mine = () => this.worker === started;
    let loaded = () => {};
    this.loaded = new Promise<void>((resolve) => (loaded = resolve));
    started.on('message', ({ ready, id, started: working, output, error }: Answer<Out>) => {
      if (ready) return loaded();
      const job = this.current;
      if (!mine() || !job || job.id !== id) return;
      if (working) {
        job.timer = setTimeout(() => {
          this.worker = null;
          void started.terminate();
          this.settle(job, refusal({ reason: 'time', timeoutMs: limits.timeoutMs }));
        }, limits.timeoutMs);
        job.timer.unref();
      } else if (error?.refused) this.settle(job, refusal({ reason: 'task', message: error.message }));
      else if (error) this.settle(job, new Error(`${name} failed: ${error.message}`));
      else this.settle(job, { output: output as Out });
    });
    started.on('error', (error: Error & { code?: string }) => {
      loaded();
      if (!mine()) return;
      this.worker = null;
      const job = this.current;
      if (!job) return;
      // Out of memory is what the input did to the thread; any other death is ours.
      this.settle(job, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? refusal({ reason: 'memory' }) : error);
    });
    started.on('exit', (code) => {
      loaded();
      if (!mine()) return;
      this.worker = null;
      if (this.current) this.settle(this.current, new Error(`${name} stopped (${code})`));
    });
    this.worker = started;
    return started;
  }
}
