import ChatRender
import Foundation
let args = CommandLine.arguments
var warnings: [Diagnostic] = []
let input = try ImportInput.open(args[1])
let transcript = try Importer.read(input, warnings: &warnings)
let format = OutputFormat(extensionOf: args[2]) ?? .png
let exporter = try Exporter(options: ExportOptions(format: format, scale: Double(args.count > 3 ? args[3] : "1") ?? 1))
print(try exporter.write(transcript, to: args[2]))
