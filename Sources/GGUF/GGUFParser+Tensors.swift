/// Reading tensor infos and checking that their data fits the file without overlapping.
extension GGUFParser {
    /// A tensor info as read, before the data section's position is known.
    struct PendingTensor {
        var name: String
        var dimensions: [Int]
        var type: GGMLType
        var offset: UInt64
        var elementCount: Int
        var byteCount: Int
    }

    mutating func readTensorInfos(count: Int, alignment: Int) throws(GGUFError) -> [PendingTensor] {
        var tensors: [PendingTensor] = []
        var names: Set<String> = []
        tensors.reserveCapacity(count)
        for position in 0..<count {
            let infoOffset = cursor.offset
            let name = try cursor.readString("name of tensor \(position)")
            guard names.insert(name).inserted else { throw .duplicateTensor(name, offset: infoOffset) }

            let dimensionCount = try cursor.read(UInt32.self, "dimension count of tensor '\(name)'")
            guard dimensionCount <= Self.maxDimensions else {
                throw .tooManyDimensions(name: name, count: dimensionCount, offset: infoOffset)
            }
            var raw: [UInt64] = []
            for axis in 0..<Int(dimensionCount) {
                raw.append(try cursor.read(UInt64.self, "dimension \(axis) of tensor '\(name)'"))
            }
            let typeOffset = cursor.offset
            let rawType = try cursor.read(UInt32.self, "type of tensor '\(name)'")
            guard let type = GGMLType(rawValue: rawType) else {
                throw .unknownTensorType(name: name, raw: rawType, offset: typeOffset)
            }
            let offset = try cursor.read(UInt64.self, "data offset of tensor '\(name)'")

            let badShape = GGUFError.badDimension(name: name, dimensions: raw, offset: infoOffset)
            var dimensions: [Int] = []
            var elementCount = 1
            for value in raw {
                guard value > 0, let dimension = Int(exactly: value) else { throw badShape }
                let (product, overflow) = elementCount.multipliedReportingOverflow(by: dimension)
                guard !overflow else { throw badShape }
                dimensions.append(dimension)
                elementCount = product
            }
            let rowLength = dimensions.first ?? 1
            guard rowLength % type.blockSize == 0 else {
                throw .rowNotMultipleOfBlock(name: name, type: type, rowLength: rowLength, offset: infoOffset)
            }
            guard let byteCount = type.byteCount(elements: elementCount) else { throw badShape }
            guard offset % UInt64(alignment) == 0 else {
                throw .misalignedTensor(name: name, offset: offset, alignment: alignment)
            }
            tensors.append(
                PendingTensor(
                    name: name, dimensions: dimensions, type: type, offset: offset,
                    elementCount: elementCount, byteCount: byteCount))
        }
        return tensors
    }

    /// Resolves absolute offsets, then checks every tensor ends inside the file and that no
    /// two tensors share bytes.
    func place(_ pending: [PendingTensor], dataOffset: Int) throws(GGUFError) -> [GGUFTensorInfo] {
        let fileSize = cursor.bytes.count
        var tensors: [GGUFTensorInfo] = []
        tensors.reserveCapacity(pending.count)
        for tensor in pending {
            let (start, startOverflow) = UInt64(dataOffset).addingReportingOverflow(tensor.offset)
            let (end, endOverflow) = start.addingReportingOverflow(UInt64(tensor.byteCount))
            guard !startOverflow, !endOverflow, end <= UInt64(fileSize) else {
                throw .tensorOutOfBounds(
                    name: tensor.name, start: startOverflow ? .max : start,
                    end: startOverflow || endOverflow ? .max : end, fileSize: fileSize)
            }
            tensors.append(
                GGUFTensorInfo(
                    name: tensor.name, dimensions: tensor.dimensions, type: tensor.type,
                    offset: Int(tensor.offset), absoluteOffset: Int(start),
                    elementCount: tensor.elementCount, byteCount: tensor.byteCount))
        }

        let byStart = tensors.sorted { $0.absoluteOffset < $1.absoluteOffset }
        for (previous, next) in zip(byStart, byStart.dropFirst()) where next.absoluteOffset < previous.absoluteEnd {
            throw .overlappingTensors(first: previous.name, second: next.name, offset: next.absoluteOffset)
        }
        return tensors
    }
}
