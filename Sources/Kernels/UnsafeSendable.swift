/// A pointer shared by the chunks of a `ThreadPool.parallelFor`, each touching its own
/// elements.
///
/// Raw pointers are not `Sendable`: the compiler cannot know that concurrent users stay out of
/// each other's way. Wrapping one states that they do (disjoint ranges, or reads only) and
/// lets a `@Sendable` loop body capture it.
///
/// ```swift
/// let y = UnsafeSendablePointer(buffer.baseAddress!)
/// pool.parallelFor(count: n) { range in for i in range { y[i] = 0 } }
/// ```
package struct UnsafeSendablePointer<Pointee>: @unchecked Sendable {
    /// The wrapped pointer.
    package let base: UnsafeMutablePointer<Pointee>

    /// Wraps `base`.
    package init(_ base: UnsafeMutablePointer<Pointee>) { self.base = base }

    /// Element `index`.
    package subscript(index: Int) -> Pointee {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }
}

/// A read-only raw pointer shared by the chunks of a parallel loop (see `UnsafeSendablePointer`).
package struct UnsafeSendableRawPointer: @unchecked Sendable {
    /// The wrapped pointer.
    package let base: UnsafeRawPointer

    /// Wraps `base`.
    package init(_ base: UnsafeRawPointer) { self.base = base }
}

/// A heap buffer whose chunks parallel loops fill concurrently (each chunk its own elements);
/// freed when the last copy of the owning `UnsafeSendableBuffer` goes away.
///
/// ```swift
/// let out = UnsafeSendableBuffer(capacity: 8, of: Float.self)
/// pool.parallelFor(count: 8) { r in for i in r { out[i] = 1 } }
/// ```
package final class UnsafeSendableBuffer<Element: BitwiseCopyable>: @unchecked Sendable {
    /// The storage, `count` elements, zero-initialized for trivial types.
    package let base: UnsafeMutablePointer<Element>
    /// The number of elements.
    package let count: Int

    /// Allocates `capacity` elements (64-byte aligned, zeroed).
    package init(capacity: Int, of: Element.Type = Element.self) {
        count = max(0, capacity)
        let bytes = count * MemoryLayout<Element>.stride
        base = Platform.allocateAligned(bytes, alignment: max(64, MemoryLayout<Element>.alignment))
            .bindMemory(to: Element.self, capacity: max(count, 1))
    }

    deinit { base.deallocate() }

    /// Element `index`.
    package subscript(index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }

    /// The elements as a buffer pointer (valid while this object lives).
    package var buffer: UnsafeMutableBufferPointer<Element> { UnsafeMutableBufferPointer(start: base, count: count) }
}
