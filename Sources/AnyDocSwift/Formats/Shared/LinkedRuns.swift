/// Runs in a row that share a link destination become one link, as
/// slides in both PowerPoint formats mark links run by run.
enum LinkedRuns {
    static func inlines<Run>(_ runs: [Run], link: (Run) -> String?, inline: (Run) -> Inline) -> [Inline] {
        var result: [Inline] = []
        var index = 0
        while index < runs.count {
            guard let destination = link(runs[index]) else {
                result.append(inline(runs[index]))
                index += 1
                continue
            }
            var content: [Inline] = []
            while index < runs.count, link(runs[index]) == destination {
                content.append(inline(runs[index]))
                index += 1
            }
            result.append(.link(Link(destination: destination, content: content)))
        }
        return result
    }
}
