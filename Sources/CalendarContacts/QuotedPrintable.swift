import Foundation

/// Quoted-printable decoding for vCard 2.1 `ENCODING=QUOTED-PRINTABLE` values (RFC 2045 §6.7).
///
/// Soft line breaks were already joined by `LineUnfolder`; this turns `=XX` into bytes and the
/// bytes into text using the property's `CHARSET` (UTF-8 when absent or unknown).
enum QuotedPrintable {
    /// The decoded text. Falls back to Windows-1252 when the bytes are not valid in `charset`.
    static func decode(_ text: String, charset: String?) -> String {
        var bytes: [UInt8] = []
        let input = Array(text.utf8)
        var index = 0
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "="), index + 2 < input.count,
                let high = hexValue(input[index + 1]), let low = hexValue(input[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else if byte == UInt8(ascii: "=") {
                index += 1 // a stray soft break
            } else {
                bytes.append(byte)
                index += 1
            }
        }
        let encoding: String.Encoding
        switch charset?.uppercased() {
        case "ISO-8859-1"?, "LATIN1"?, "ISO_8859-1"?: encoding = .isoLatin1
        case "WINDOWS-1252"?, "CP1252"?: encoding = .windowsCP1252
        case "US-ASCII"?, "ASCII"?: encoding = .ascii
        default: encoding = .utf8
        }
        if let decoded = String(data: Data(bytes), encoding: encoding) { return decoded }
        return String(data: Data(bytes), encoding: .windowsCP1252) ?? String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
