import Testing
@testable import AnyDocSwift
@testable import AnyDocPDF

/// Exact Markdown for the table PDFs that Scripts/make-pdf-table-fixtures.py
/// makes from known tables (TestDocuments/pdf/tables-*.pdf).
@Suite struct PDFTableTests {
    private func markdown(_ name: String) throws -> String {
        try AnyDocConverter().markdown(Corpus.testDocument("pdf/\(name).pdf"), fileName: "\(name).pdf")
    }

    /// A ruled table whose rules sit close to the text: vertical rules cut the cells apart, horizontal ones keep a wrapped cell in its row; the caption and the paragraph after stay text.
    @Test func ruledTableWithWrappedCellCaptionAndEscapedPipe() throws {
        #expect(try markdown("tables-ruled") == """
        <!-- page 1 -->

        # Staff directory

        The directory below lists who works where. Call the office number during working hours.

        *Table 1: Staff of the research group*

        | Name | Role | Office | Phone |
        | --- | --- | --- | --- |
        | Ada Byron | Analyst | Room 12 | 555-0101 |
        | Alan Kay | Engineer | Room 7 | 555-0102 |
        | Grace Hopper | Manager of the compiler group | Room 3 | 555-0103 |
        | Ken Iverson | Designer | Room 21 | 555-0104 |
        | Pat \\| Lee | Intern |  | 555-0105 |

        Interns share the phone of their supervisor when no number is listed above.

        """)
    }

    /// Four columns without rules, the first of short symbols: one table, not a paragraph per row, and the paragraph after it is not taken into it.
    @Test func unruledTablesEndWhereTheAlignmentEnds() throws {
        #expect(try markdown("tables-unruled") == """
        <!-- page 1 -->

        # Light elements

        The first elements of the periodic table, with their standard atomic weight.

        | Sym | Element | Weight | Group |
        | --- | --- | --- | --- |
        | H | Hydrogen | 1.008 | Nonmetal |
        | He | Helium | 4.0026 | Noble gas |
        | Li | Lithium | 6.94 | Alkali metal |
        | Be | Beryllium | 9.0122 | Alkaline earth |
        | B | Boron | 10.81 | Metalloid |

        Weights are rounded to the precision the commission publishes for each element.

        | Name | Role | Office | Phone |
        | --- | --- | --- | --- |
        | Ada Byron | Analyst | Room 12 | 555-0101 |
        | Alan Kay | Engineer | Room 7 | 555-0102 |
        | Grace Hopper | Manager of the compiler group | Room 3 | 555-0103 |
        | Ken Iverson | Designer | Room 21 | 555-0104 |

        Rooms are on the second floor of the main building.

        """)
    }

    /// Right-aligned numbers under a header rule.
    @Test func rightAlignedNumbersKeepTheirColumns() throws {
        #expect(try markdown("tables-numeric") == """
        <!-- page 1 -->

        # Quarterly sales

        Sales per region in thousands of euros, before tax.

        | Region | Q1 | Q2 | Q3 | Total |
        | --- | --- | --- | --- | --- |
        | North | 1,204.50 | 998.00 | 1,311.25 | 3,513.75 |
        | South | 87.10 | 102.40 | 95.00 | 284.50 |
        | East | 12,450.00 | 11,980.75 | 13,002.10 | 37,432.85 |
        | West | 5.00 | 0.00 | 17.30 | 22.30 |
        | All | 13,746.60 | 13,081.15 | 14,425.65 | 41,253.40 |

        The totals include the adjustments made after the audit in March.

        """)
    }

    /// Cells spanning two columns in the header and in the body: the columns stay, the spanned cells are empty.
    @Test func spannedCellsLeaveTheCellsTheyCoverEmpty() throws {
        #expect(try markdown("tables-spans") == """
        <!-- page 1 -->

        # Survey results

        Birds counted at each site in spring and in autumn, with the mean group size.

        | Site | Spring |  | Autumn |  |
        | --- | --- | --- | --- | --- |
        |  | **Count** | **Mean** | **Count** | **Mean** |
        | Harbour | 12 | 4.1 | 15 | 3.9 |
        | Ridge | 8 | 6.0 | 9 | 5.5 |
        | Valley | not surveyed |  | 11 | 2.7 |

        The valley was closed during the spring survey.

        """)
    }

    /// A table that goes on over the page break with its header repeated is one table.
    @Test func tableAcrossAPageBreakIsOneTable() throws {
        #expect(try markdown("tables-page-break") == """
        <!-- page 1 -->

        # Inventory

        Every item in the store room, counted on the first of March.

        | Code | Item | Shelf | Count |
        | --- | --- | --- | --- |
        | A100 | Bolts | S1 | 5 |
        | A101 | Nuts | S2 | 42 |
        | A102 | Washers | S3 | 79 |
        | A103 | Screws | S4 | 116 |
        | A104 | Hinges | S5 | 153 |
        | A105 | Brackets | S1 | 190 |
        | A106 | Nails | S2 | 27 |
        | A107 | Rivets | S3 | 64 |
        | A108 | Clamps | S4 | 101 |
        | A109 | Springs | S5 | 138 |
        | A110 | Pins | S1 | 175 |
        | A111 | Hooks | S2 | 12 |
        | A112 | Chains | S3 | 49 |
        | A113 | Cables | S4 | 86 |
        | A114 | Tape | S5 | 123 |
        | A115 | Glue | S1 | 160 |
        | A116 | Levers | S2 | 197 |
        | A117 | Gears | S3 | 34 |
        | A118 | Pulleys | S4 | 71 |
        | A119 | Valves | S5 | 108 |
        | A120 | Seals | S1 | 145 |
        | A121 | Fuses | S2 | 182 |

        <!-- page 2 -->

        Counts below ten are ordered again at once.

        """)
    }

    /// A table of Chinese text.
    @Test func cjkTableIsFound() throws {
        #expect(try markdown("tables-cjk") == """
        <!-- page 1 -->

        # 城市人口统计

        下表列出主要城市的人口和面积。

        | 城市 | 人口（万） | 面积（平方公里） | 省份 |
        | --- | --- | --- | --- |
        | 北京 | 2189 | 16410 | 北京市 |
        | 上海 | 2487 | 6340 | 上海市 |
        | 广州 | 1868 | 7434 | 广东省 |
        | 深圳 | 1756 | 1997 | 广东省 |

        数据来自二零二零年人口普查。

        """)
    }

    /// Two columns of justified prose side by side are read column by column, never as a table.
    @Test func twoColumnProseIsNoTable() throws {
        #expect(try markdown("tables-two-columns") == """
        <!-- page 1 -->

        # Notes from the field

        The survey began in early spring, when the river was still high and the paths along the bank were closed. We started with the northern sites instead and moved south as the water fell. Most sites were reached on foot; two needed a boat.

        Weather was mild for most of the season. Rain stopped work on four days in April and on two days in May. The equipment held up well, although one of the sensors had to be replaced after a fall on the rocks near the weir.

        """)
    }

    /// An invoice's key–value block above a ruled totals table: the rule
    /// of the totals, which crosses only their rows, does not cut the
    /// key–value rows into columns too sparse for a table.
    @Test func keyValueBlockAboveRuledTotalsStaysInTheTable() throws {
        #expect(try markdown("tables-invoice") == """
        <!-- page 1 -->

        # Repair estimate

        **Customer Information Vehicle Information**

        | Insured name | Bruce Wayne |  | Year | 2025 |
        | --- | --- | --- | --- | --- |
        | **Claim #** |  | 999 | **Make** | Batman |
        | **Policy #** | IM-BATMAN |  | **Model** | Batmobile |
        | **Phone** | (416) 555-1234 |  | **Trim** | Limited |
        | **Email** | batman@wayneindustries.com |  | **VIN** | XXX |
        |  |  |  | **Color** | Black |
        |  |  |  | **Odometer** | 1 |
        | **Repair Order #** | RO-20221108 |  | **Estimator** | Ellis Turner |
        |  |  | **Estimate Totals** |  |  |
        |  |  | **Hours** | **Rate** | **Cost** |
        | **Parts** |  |  |  | 2,100 |
        | **Body Labor** |  | 2 | 150 | 300 |
        | **Paint Labor** |  | 1.5 | 150 | 225 |
        | **Mechanical Labor** |  | - | - | - |
        | **Supplies** |  |  |  |  |
        |  | Paint Supplies |  |  | 60 |
        |  | Body Supplies |  |  | 30 |
        | **Other Charges** |  |  |  | 15 |
        | **Subtotal** |  |  |  | 2,730 |
        | **Sales Tax** |  |  | 10.20% | 278.46 |
        | **GRAND TOTAL** |  |  |  | 3,008 |
        | **Note** | **Minor rear bumper repair** |  |  |  |

        This is a preliminary estimate for the visible damage of the vehicle.

        """)
    }

    /// A ruled calendar beside newsletter prose: where the horizontal
    /// rules leave too few rows for a table (a spanning cell of three
    /// lines straddles the row), the rows are a table by their text.
    @Test func ruledCalendarRowsWithASpanningCellStayATable() throws {
        let markdown = try markdown("tables-calendar")
        let table = try #require(markdown.range(of: "## Jugendraum"))
        #expect(String(markdown[table.lowerBound...]) == """
        ## Jugendraum – Öffnungszeiten 05. – 06. KW

        Kinder- und Jugendbüro – 0781 - 96 777 922 jugendbuero@schutterwald.de Offene Tür 17:30-18:30

        10-13 J. Freitag 31.01.25

        Offene Tür 18:45-20:30

        Ab 13 J.

        | Samstag | 01.02.25 | geschlossen |
        | --- | --- | --- |
        | Sonntag | 02.02.25 | geschlossen |
        | Montag | 03.02.25 | geschlossen |

        Offene Tür 17:30-18:30 10-13 J. Dienstag 04.02.25

        Offene Tür 18:45-20:30 Ab 13 J.

        | Mittwoch | 05.02.25 | Ab 17:00 Mädchengruppe |
        | --- | --- | --- |
        |  |  | Für voraussichtlich die kommenden |
        | Donnerstag | 06.02.25 | 3 Monate hat der Jugendtreff donnerstags |

        geschlossen

        """)
    }
}
