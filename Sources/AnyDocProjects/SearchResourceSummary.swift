/// One resource of a search's results: the documents come first, then
/// their sections (the hits), so an agent sees which documents answer and
/// how much more each holds before it reads any.
public struct SearchResourceSummary: Sendable, Codable, Equatable {
    /// The resource's id (JSON `resource_id`).
    public var resourceId: String
    /// The resource's logical path within its project.
    public var path: String
    /// The resource's score, higher is better: its hits' `resourceScore`.
    public var score: Double
    /// Hits of this resource in the results.
    public var hits: Int
    /// Its matching sections the results leave out.
    public var moreHits: Int

    enum CodingKeys: String, CodingKey { case resourceId = "resource_id", path, score, hits, moreHits = "more_hits" }

    /// The resources of `hits` in the order they come, best first.
    static func of(_ hits: [SearchHit]) -> [SearchResourceSummary] {
        var summaries: [SearchResourceSummary] = []
        for hit in hits {
            if let last = summaries.indices.last, summaries[last].resourceId == hit.resourceId {
                summaries[last].hits += 1
            } else {
                summaries.append(SearchResourceSummary(resourceId: hit.resourceId, path: hit.path, score: hit.resourceScore,
                                                       hits: 1, moreHits: hit.moreInResource))
            }
        }
        return summaries
    }
}
