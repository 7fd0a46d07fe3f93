// SPDX-License-Identifier: Apache-2.0
import Dispatch
package import Glibc
package import RuaCore
package import RuaDocuments
import Synchronization

/// One document to make: which patient, which kind, and its place in the run (manifest order).
package struct BatchJob: Sendable {
  package let index: Int
  package let patient: Patient
  package let kind: DocumentKind
  package let informationAsOf: Instant?
  /// The document's language when it is not the pool's (the person's own, `BatchRun`).
  package var language: String? = nil

  package init(
    index: Int, patient: Patient, kind: DocumentKind, informationAsOf: Instant?,
    language: String? = nil
  ) {
    self.index = index
    self.patient = patient
    self.kind = kind
    self.informationAsOf = informationAsOf
    self.language = language
  }
}

/// What a worker hands back for one job.
package struct BatchResult: Sendable {
  package let job: BatchJob
  package let outcome: Result<MadeDocument, PaperError>
  /// Seconds the worker spent describing, laying out and drawing it.
  package let seconds: Double
}

/// Renders jobs on worker threads, each with its own `DocumentMaker` (its own Pango/Cairo
/// state), and hands the finished PDFs back to the one coordinating thread, which alone touches
/// the store and the file system.
package final class BatchPool: Sendable {
  private let jobs: [BatchJob]
  private let workers: Int
  private let resources: DocumentResources
  /// Resources of the other languages that jobs name (`BatchJob.language`).
  private let otherLanguages: [String: DocumentResources]
  private let today: CivilDate
  private let now: Instant
  private let footerAnchor: String?
  private let next = Atomic<Int>(0)
  private let stopped = Atomic<Bool>(false)
  private let finished = Mutex<[BatchResult]>([])
  private let ready = DispatchSemaphore(value: 0)
  /// Back-pressure: finished PDFs not yet taken by the coordinator. Delivery (fsync, log rows)
  /// can be slower than rendering; without a bound the waiting PDFs pile up in memory.
  private let slots: DispatchSemaphore
  package static let pendingPerWorker = 32
  /// The coordinator takes finished documents at least this many at a time (or all that are
  /// left): each chunk costs two commits (12 syncs) whatever its size, and taking whatever was
  /// ready left chunks of one to three, so a batch's syncs followed the render speed.
  package static let smallestChunk = 8

  package init(
    jobs: [BatchJob], resources: DocumentResources, today: CivilDate, now: Instant,
    workers: Int, footerAnchor: String? = nil, otherLanguages: [String: DocumentResources] = [:]
  ) {
    self.otherLanguages = otherLanguages
    self.footerAnchor = footerAnchor
    self.jobs = jobs
    self.workers = max(1, min(workers, jobs.count))
    // Made at 0 and raised: libdispatch traps when a semaphore is freed below its initial
    // value, which a run stopped early (a signal) would leave.
    slots = DispatchSemaphore(value: 0)
    for _ in 0..<(self.workers * Self.pendingPerWorker) { slots.signal() }
    self.resources = resources
    self.today = today
    self.now = now
  }

  /// Starts the worker threads, calls `receive` on this thread with the results that are ready
  /// (in completion order, at least `smallestChunk` at a time or all that are left), and
  /// returns when every job has been received, or `receive` returned false, and the workers
  /// ended.
  package func run(receive: ([BatchResult]) -> Bool) {
    var threads: [pthread_t] = []
    for _ in 0..<workers {
      if let thread = WorkerThread.start({ self.work() }) { threads.append(thread) }
    }
    if threads.isEmpty { work(bounded: false) }  // no thread could start: render here, in order.
    var received = 0
    while received < jobs.count {
      if threads.isEmpty == false { ready.wait() }
      // Every result signals once, so a wait never outlasts the last one.
      let wanted = threads.isEmpty ? 1 : min(Self.smallestChunk, jobs.count - received)
      let batch = finished.withLock { list -> [BatchResult] in
        if list.count < wanted { return [] }
        defer { list.removeAll(keepingCapacity: true) }
        return list
      }
      if batch.isEmpty { continue }
      let goOn = receive(batch)
      for _ in batch { slots.signal() }
      received += batch.count
      if !goOn { break }
    }
    // Stopped early: no worker takes another job; wake any waiting for a slot.
    stopped.store(true, ordering: .sequentiallyConsistent)
    next.store(jobs.count, ordering: .sequentiallyConsistent)
    for _ in 0..<workers { slots.signal() }
    for thread in threads { pthread_join(thread, nil) }
  }

  private func work(bounded: Bool = true) {
    // One renderer per worker; a maker per language this worker meets shares it.
    var makers: [String: DocumentMaker] = [:]
    var makerError: PaperError?
    func maker(for job: BatchJob) -> Result<DocumentMaker, PaperError> {
      let language = job.language ?? resources.language
      if let made = makers[language] { return .success(made) }
      if let makerError { return .failure(makerError) }
      do throws(PaperError) {
        let base: DocumentMaker
        if let made = makers[resources.language] {
          base = made
        } else {
          base = try DocumentMaker(resources)
          makers[resources.language] = base
        }
        var made = base
        if let other = otherLanguages[language] { made = try base.speaking(other) }
        makers[language] = made
        return .success(made)
      } catch {
        makerError = error
        return .failure(error)
      }
    }
    while true {
      let index = next.add(1, ordering: .sequentiallyConsistent).oldValue
      guard index < jobs.count else { return }
      if bounded { slots.wait() }
      if stopped.load(ordering: .sequentiallyConsistent) { return }
      let job = jobs[index]
      let started = MonotonicClock.seconds()
      let outcome: Result<MadeDocument, PaperError>
      switch maker(for: job) {
      case .success(let maker):
        do throws(PaperError) {
          outcome = .success(
            try maker.make(
              job.kind, patient: job.patient, today: today, now: now,
              informationAsOf: job.informationAsOf, footerAnchor: footerAnchor))
        } catch {
          outcome = .failure(error)
        }
      case .failure(let error):
        outcome = .failure(error)
      }
      finished.withLock {
        $0.append(
          BatchResult(job: job, outcome: outcome, seconds: MonotonicClock.seconds() - started))
      }
      ready.signal()
    }
  }
}

/// A joinable POSIX thread running one closure.
package enum WorkerThread {
  private final class Box: @unchecked Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }

  package static func start(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(
      &thread, nil,
      { raw in
        guard let raw else { return nil }
        let box = Unmanaged<Box>.fromOpaque(raw).takeRetainedValue()
        box.body()
        return nil
      }, box)
    guard status == 0 else {
      Unmanaged<Box>.fromOpaque(box).release()
      return nil
    }
    return thread
  }

  /// Online CPUs, the default worker count.
  package static var onlineProcessors: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}
