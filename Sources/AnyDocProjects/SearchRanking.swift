/// Combines the matches of a query's terms into ranked documents, each with
/// its sections best first. Evidence is gathered per document: a document
/// whose sections together hold every term ranks above one whose single
/// section holds one, and a section holding several terms, or holding them
/// close together, ranks above sections holding one each.
struct SearchRanking {
    /// One term found in one section, with its BM25 score (higher is better).
    struct Match {
        var section: Int64
        var resource: String
        var term: Int
        var score: Double
    }

    struct Section {
        var id: Int64
        var score: Double
        /// How many of the query's terms it holds.
        var terms: Int
    }

    struct Document {
        var resource: String
        var score: Double
        /// Best first.
        var sections: [Section]
    }

    /// How much more a section holding every term counts than one holding
    /// a single term, and what a proximity match adds on top.
    static let sectionCoverageBoost = 1.0
    static let proximityBoost = 0.5

    /// Documents best first. `termCount` is the number of scored terms;
    /// `near` holds the sections where the terms stand close together.
    static func rank(_ matches: [Match], termCount: Int, near: Set<Int64> = []) -> [Document] {
        var sectionTerms: [Int64: [Int: Double]] = [:]
        var sectionResource: [Int64: String] = [:]
        for match in matches {
            sectionTerms[match.section, default: [:]][match.term] = max(match.score, sectionTerms[match.section]?[match.term] ?? 0)
            sectionResource[match.section] = match.resource
        }
        let terms = Double(max(termCount, 1))
        var byResource: [String: [Section]] = [:]
        for (id, scores) in sectionTerms {
            let extra = termCount > 1 ? Double(scores.count - 1) / Double(termCount - 1) : 0
            let proximity = near.contains(id) ? proximityBoost : 0
            let score = scores.values.reduce(0, +) * (1 + sectionCoverageBoost * extra + proximity)
            byResource[sectionResource[id]!, default: []].append(Section(id: id, score: score, terms: scores.count))
        }
        var documents: [Document] = []
        for (resource, unsorted) in byResource {
            let sections = unsorted.sorted { ($0.score, $1.id) > ($1.score, $0.id) }
            var best: [Int: Double] = [:]
            for section in sections {
                for (term, score) in sectionTerms[section.id]! { best[term] = max(score, best[term] ?? 0) }
            }
            // The document's terms, each at its best section, weighed by the
            // share of the query it holds; its best section adds its boost.
            let coverage = Double(best.count) / terms
            let top = sections[0]
            let topBoost = top.score / max(sectionTerms[top.id]!.values.reduce(0, +), .leastNonzeroMagnitude)
            let score = best.values.reduce(0, +) * coverage * topBoost
            documents.append(Document(resource: resource, score: score, sections: sections))
        }
        return documents.sorted { ($0.score, $1.resource) > ($1.score, $0.resource) }
    }

    /// A page of hits: the best sections of the best documents, at most
    /// `perDocument` of each while other documents have hits to show, then
    /// the rest in the same order. Each with how many of its document's
    /// matching sections the page leaves out.
    static func page(_ documents: [Document], limit: Int, perDocument: Int) -> [(section: Section, document: Int, more: Int)] {
        var taken = Array(repeating: 0, count: documents.count)
        var order: [(document: Int, index: Int)] = []
        for (number, document) in documents.enumerated() where order.count < limit {
            let count = min(perDocument, document.sections.count, limit - order.count)
            order += (0..<count).map { (number, $0) }
            taken[number] = count
        }
        for (number, document) in documents.enumerated() where order.count < limit && taken[number] < document.sections.count {
            let count = min(document.sections.count - taken[number], limit - order.count)
            order += (taken[number]..<(taken[number] + count)).map { (number, $0) }
            taken[number] += count
        }
        // Grouped by document, in document order, each document's sections best first.
        order.sort { ($0.document, $0.index) < ($1.document, $1.index) }
        return order.map { (documents[$0.document].sections[$0.index], $0.document, documents[$0.document].sections.count - taken[$0.document]) }
    }
}
