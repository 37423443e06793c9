import Synchronization

/// The executors created so far, one per executor type and configuration, shared by all
/// sessions (a model's weights are loaded once, however many sessions use it).
///
/// Executors are kept for the life of the process. Creating one runs outside the lock; if two
/// sessions race to create the same executor, the first one stored wins and is used by both.
final class ExecutorCache: Sendable {
    /// The cache sessions use.
    static let shared = ExecutorCache()

    /// An executor's identity: its type and its configuration.
    struct Key: Hashable, Sendable {
        let executorType: ObjectIdentifier
        let configuration: Configuration
    }

    /// A configuration with its type erased. `@unchecked`: it is only made from a
    /// `LanguageModelExecutor.Configuration`, which is `Sendable`.
    struct Configuration: Hashable, @unchecked Sendable {
        let value: AnyHashable

        init(_ configuration: some Hashable & Sendable) {
            value = AnyHashable(configuration)
        }
    }

    /// The executors, by identity.
    private let executors = Mutex<[Key: any Sendable]>([:])

    /// The executor for `model`'s configuration, created on first use.
    ///
    /// - Throws: the executor's own error of this framework (a `LanguageModelError`, say), or
    ///   `SystemLanguageModel.Error.assetsUnavailable` naming the executor type and the error its
    ///   initializer threw.
    func executor<Model: LanguageModel>(for model: Model) throws -> Model.Executor {
        let configuration = model.executorConfiguration
        let key = Key(executorType: ObjectIdentifier(Model.Executor.self), configuration: Configuration(configuration))
        if let existing = executors.withLock({ $0[key] }) as? Model.Executor {
            return existing
        }
        let created: Model.Executor
        do {
            created = try Model.Executor(configuration: configuration)
        } catch let error as any FrameworkError {
            throw error
        } catch {
            throw SystemLanguageModel.Error.unavailable("Could not create the executor \(Model.Executor.self) for \(Model.self): \(error)")
        }
        return executors.withLock { executors in
            if let winner = executors[key] as? Model.Executor { return winner }
            executors[key] = created
            return created
        }
    }

    /// How many executors have been created and kept.
    var count: Int { executors.withLock { $0.count } }
}
