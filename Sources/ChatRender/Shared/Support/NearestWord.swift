/// Finds the closest known word to a misspelt one, for "did you mean …?" notes.
package enum NearestWord {
  /// The word of `candidates` within edit distance 2 (or a third of the length) of `word`.
  package static func find(_ word: String, in candidates: [String]) -> String? {
    let lowered = word.lowercased()
    var best: (word: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(lowered, candidate.lowercased())
      if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    guard let best, best.distance <= max(2, word.count / 3) else { return nil }
    return best.word
  }

  /// The note "did you mean 'radius'?" naming the candidate nearest to `word`; nil when none
  /// is near enough.
  package static func suggestion(for word: String, in candidates: [String]) -> String? {
    find(word, in: candidates).map { "did you mean '\($0)'?" }
  }

  static func editDistance(_ a: String, _ b: String) -> Int {
    let left = Array(a.unicodeScalars)
    let right = Array(b.unicodeScalars)
    if left.isEmpty { return right.count }
    if right.isEmpty { return left.count }
    var previous = Array(0...right.count)
    var current = previous
    for i in 1...left.count {
      current[0] = i
      for j in 1...right.count {
        let cost = left[i - 1] == right[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return previous[right.count]
  }
}
