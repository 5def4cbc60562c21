/// A GFM table as a grid: rows are the lines of its text, cells the pieces between tabs.
/// Columns are as wide as their widest cell, shrunk to fit the width (narrow columns keep
/// their width, wide ones share the rest by their text's width) with their text wrapped.
struct RichBodyTable {
  let range: Range<Int>
  let document: RichBodyDocument
  let style: RichBodyStyle

  struct Cell {
    var range: Range<Int>
    var alignment: TextSpan.TableAlignment
  }

  /// The rows and their cells; every row has as many cells as the widest.
  var rows: [[Cell]] {
    // By start, so a table of many rows finds each cell's alignment at once.
    var alignmentByStart: [Int: TextSpan.TableAlignment] = [:]
    for span in document.blocks where range.contains(span.start) && alignmentByStart[span.start] == nil {
      if case .tableCell(let value) = span.style { alignmentByStart[span.start] = value }
    }
    let rows = document.split(range, at: "\n").map { line in
      document.split(line, at: "\t").map { cell -> Cell in
        Cell(range: cell, alignment: alignmentByStart[cell.lowerBound] ?? .none)
      }
    }
    let columns = rows.map(\.count).max() ?? 0
    // A column's alignment holds in every row (GFM aligns columns, not cells).
    var alignments = [TextSpan.TableAlignment](repeating: .none, count: columns)
    for row in rows {
      for (column, cell) in row.enumerated() where cell.alignment != .none { alignments[column] = cell.alignment }
    }
    return rows.map { row in
      (0..<columns).map { column in
        // A short row's missing cells are empty, at its end.
        let end = row.last?.range.upperBound ?? range.lowerBound
        let cellRange = column < row.count ? row[column].range : end..<end
        return Cell(range: cellRange, alignment: alignments[column])
      }
    }
  }

  func place(at x: Double, width: Double, into placer: inout RichBodyPlacer) {
    let rows = self.rows
    guard let columns = rows.first?.count, columns > 0 else { return }
    let line = style.gridLine
    let padding = style.cellPadding
    let texts = rows.enumerated().map { rowIndex, row in
      row.map { cell in styledText(cell, isHeader: rowIndex == 0) }
    }
    let chrome = Double(columns + 1) * line + Double(columns) * 2 * padding
    let natural = (0..<columns).map { column in
      texts.map { placer.measurer.measure($0[column].text, maxWidth: 100_000).size.width }.max() ?? 0
    }
    let widths = Self.columnWidths(natural: natural, available: width - chrome, minimum: style.font.size * 2)
    let tableWidth = widths.reduce(chrome, +)
    let top = placer.y
    var rowTops: [Double] = []
    // Between lines of a row's cells, with the height of the row from its upper line to
    // its lower one.
    var lineCuts: [(bottom: Double, rowHeight: Double)] = []
    var rowY = top + line
    for (rowIndex, row) in texts.enumerated() {
      rowTops.append(rowY)
      let metrics = (0..<columns).map { placer.measurer.measure(row[$0].text, maxWidth: widths[$0]) }
      let height = (metrics.map(\.size.height).max() ?? 0) + 2 * padding
      if rowIndex > 0 {
        lineCuts += metrics.flatMap { $0.lineBottoms.dropLast().map { (rowY + padding + $0, height + 2 * line) } }
      }
      if rowIndex == 0 {
        placer.addBox(
          Rect(x: x, y: top, width: tableWidth, height: height + 2 * line), fill: style.formatting.codeBackground)
      }
      var cellX = x + line
      for column in 0..<columns {
        let shift: Double
        switch row[column].alignment {
        case .right: shift = widths[column] - metrics[column].size.width
        case .center: shift = (widths[column] - metrics[column].size.width) / 2
        case .none, .left: shift = 0
        }
        placer.makeText(
          row[column].text, at: Point(x: cellX + padding + max(0, shift), y: rowY + padding),
          width: widths[column], color: style.text)
        for link in row[column].links {
          let frame = Rect(
            x: cellX + padding, y: rowY + padding, width: widths[column], height: metrics[column].size.height)
          if let item = LinkItem.clickable(frame: frame, url: link.url, textRange: link.range) { placer.addLink(item) }
        }
        cellX += widths[column] + 2 * padding + line
      }
      rowY += height + line
    }
    rowTops.append(rowY)
    // A page break between rows, never right under the header: both parts show the border
    // line between them, and the part below begins with the header row again (its band
    // down to the line under it, which the part's own top line draws).
    let header = top..<(rowTops[1] - line)
    for rowTop in rowTops.dropFirst(2).dropLast() {
      placer.addCut(at: rowTop, headEnd: rowTop, tailStart: rowTop - line, repeated: header)
    }
    // Inside a row, between lines of its cells, for a row taller than a page: the part below
    // has no line of its own atop, so the header's lower line is repeated too.
    for cut in lineCuts {
      placer.addCut(
        at: cut.bottom, headEnd: cut.bottom, tailStart: cut.bottom, repeated: top..<rowTops[1],
        wholeRowHeight: header.upperBound - header.lowerBound + cut.rowHeight)
    }
    let border = style.formatting.tableBorder
    for rowTop in rowTops {
      placer.addBox(Rect(x: x, y: rowTop - line, width: tableWidth, height: line), fill: border)
    }
    var lineX = x
    for column in 0...columns {
      placer.addBox(Rect(x: lineX, y: top, width: line, height: rowY - top), fill: border)
      if column < columns { lineX += widths[column] + 2 * padding + line }
    }
    placer.y = rowY
  }

  private struct CellText {
    var text: StyledText
    var alignment: TextSpan.TableAlignment
    var links: [(range: Range<Int>, url: String)]
  }

  private func styledText(_ cell: Cell, isHeader: Bool) -> CellText {
    let inline = InlineRuns(document: document, style: style).runs(for: cell.range)
    var runs = inline.runs
    let text = document.string(cell.range)
    if isHeader, !text.isEmpty { runs.insert(TextRun(range: 0..<text.utf8.count, style: .bold), at: 0) }
    return CellText(
      text: StyledText(text, font: style.font, runs: runs), alignment: cell.alignment, links: inline.links)
  }

  /// Each column's text width: its natural width when all fit; else columns narrower than
  /// an equal share keep theirs and the wider ones share what is left in proportion to their
  /// natural widths, never below `minimum`.
  static func columnWidths(natural: [Double], available: Double, minimum: Double) -> [Double] {
    guard natural.reduce(0, +) > available else { return natural }
    var widths = natural
    var remaining = max(available, 0)
    var open = Array(natural.indices)
    // The narrowest first: each keeps its width while it is under the fair share.
    open.sort { natural[$0] < natural[$1] }
    while let column = open.first {
      let share = remaining / Double(open.count)
      if natural[column] <= share {
        widths[column] = natural[column]
        remaining -= natural[column]
        open.removeFirst()
      } else {
        // In proportion to their text: equal shares starve the widest column (issue 37).
        let wide = open.reduce(0) { $0 + natural[$1] }
        for other in open { widths[other] = max(minimum, remaining * natural[other] / wide) }
        break
      }
    }
    return widths.map { max($0, min(minimum, $0)) }
  }
}
