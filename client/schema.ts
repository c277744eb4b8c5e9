// Generated from docs/openapi.json by openapi-typescript (bin/docs.ts): do not edit, run node scripts/build.mjs.
export interface paths {
    "/v1/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the key's sessions
         * @description Newest first, in pages; closed and expired sessions appear as closed.
         */
        get: operations["listSessions"];
        put?: never;
        /**
         * Create a session
         * @description Opens an isolated browser session; with url it navigates there, with steps it runs them, and the answer observes the page. A step that fails answers 201 with error set.
         */
        post: operations["createSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id, from the create answer. */
                id: string;
            };
            cookie?: never;
        };
        /**
         * Get a session
         * @description An active or failed session with its usage; closed and expired sessions are not found.
         */
        get: operations["getSession"];
        put?: never;
        post?: never;
        /**
         * Close a session
         * @description Ends the session at once (an act still running answers 404) and records its runtime.
         */
        delete: operations["deleteSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{id}/act": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id, from the create answer. */
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run steps
         * @description Runs the steps in order (acts on one session queue), stops at the first failure, then observes the page. A step that fails answers 200 with error set. While a person holds the page (takeover) the act waits for the handback, unless sent with Prefer: wait=0.
         */
        post: operations["act"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{id}/trace": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id, from the create answer. */
                id: string;
            };
            cookie?: never;
        };
        /**
         * Download a session's trace
         * @description The Playwright trace of a session created with trace: true, once it has ended (closed, expired or failed), for 24 h after the end. It opens in Playwright's trace viewer: npx playwright show-trace <file>.
         */
        get: operations["getTrace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{id}/live": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id, from the create answer. */
                id: string;
            };
            cookie?: never;
        };
        /**
         * Watch the page live
         * @description Server-Sent Events (send Accept: text/event-stream; read it with fetch, as EventSource cannot send the key). `event: state` with `{"state": "<dotted state path>"}` on connect and on every change of the session machine; `event: frame` with `{"data": "<base64 JPEG>", "width", "height"}` (the viewport in CSS pixels) at most 10 times a second while a viewer is connected; a `: heartbeat` comment every 15 s. The screencast runs only while at least one viewer is connected; the stream closes when the session ends.
         */
        get: operations["liveView"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{id}/takeover": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id, from the create answer. */
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take over the page
         * @description A person takes the page (state active.human): acts wait in the queue until the handback; the session's timeout keeps running. If an act is running, the takeover happens once it has answered; this request answers when the person holds the page, at most 30 s later (else 409, and the takeover is withdrawn).
         */
        post: operations["takeover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{id}/handback": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id, from the create answer. */
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hand the page back
         * @description Ends the takeover (or withdraws one still waiting for the act under way): the queued acts run, in order.
         */
        post: operations["handback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{id}/input": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id, from the create answer. */
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send mouse and keyboard input
         * @description Applies up to 100 events in order to the page a person holds: mouse (x, y in CSS pixels of the viewport), keys (Playwright key names) and text. Typed text is never logged.
         */
        post: operations["input"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp": {
        parameters: {
            query?: never;
            header?: {
                /** @description The MCP session, as the initialize answer gave it; absent only on the initialize request. */
                "Mcp-Session-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /**
         * Listen for MCP server messages
         * @description The MCP session's standalone event stream (Accept: text/event-stream); this server sends no unprompted messages, so it only stays open.
         */
        get: operations["mcpStream"];
        put?: never;
        /**
         * Send MCP messages
         * @description The MCP server over Streamable HTTP, under the same key as /v1: its tools act on this key's sessions within its plan and credits; each POST counts once against the rate limit. The first POST is the initialize request and its answer carries Mcp-Session-Id; each MCP session has a default browser session, opened on first use and closed with it. An MCP session ends with DELETE, after 30 min unused, or when the key opens a 17th; an ended one is 404 not_found. Protocol errors are JSON-RPC errors from the transport.
         */
        post: operations["mcpMessage"];
        /**
         * End an MCP session
         * @description Ends the MCP session and closes (and bills) its default browser session before answering.
         */
        delete: operations["mcpClose"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id, from the create answer. */
                id: string;
            };
            cookie?: never;
        };
        /**
         * Read a session's event journal
         * @description What happened to the session, in order: machine transitions, acts, steps (secrets redacted), navigations, page and console errors, blockers, CAPTCHAs, refused access, usage and `ended` (always last). Readable while the session is active and for 24 h after it ended, however it ended; the newest 5,000 events are kept. With Accept: text/event-stream the answer is a Server-Sent Events stream: each event as `id: <id>`, `event: <type>`, `data: <the event as JSON>`, replayed after Last-Event-ID (or after, or from the start), then live, with a `: heartbeat` comment every 15 s; it closes after `ended` (at once after the replay when the session has already ended). Read it with fetch() and a stream reader: EventSource cannot send Authorization.
         */
        get: operations["sessionEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document */
        get: operations["getOpenApi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health of the service */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description The Prometheus text exposition. Open unless TABWRIGHT_METRICS_TOKEN is set; then it needs Authorization: Bearer <that token>.
         */
        get: operations["metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ActBusyError: {
            error: {
                /**
                 * @description Error code.
                 * @enum {string}
                 */
                code: "session_busy";
                /** @description What went wrong, in words. */
                message: string;
                /** @description Details; what they hold depends on the code. */
                context?: {
                    [key: string]: unknown;
                };
            };
        };
        /** @description A step: an object with exactly one key, the step type, whose value holds its parameters. */
        Step: components["schemas"]["GotoStep"] | components["schemas"]["ObserveStep"] | components["schemas"]["ClickStep"] | components["schemas"]["FillStep"] | components["schemas"]["TypeStep"] | components["schemas"]["SelectStep"] | components["schemas"]["CheckStep"] | components["schemas"]["ScrollStep"] | components["schemas"]["ScrollCollectStep"] | components["schemas"]["ScreenshotStep"] | components["schemas"]["WaitStep"] | components["schemas"]["ExtractStep"] | components["schemas"]["UploadStep"] | components["schemas"]["PdfStep"] | components["schemas"]["FillFormStep"] | components["schemas"]["ExecuteJsStep"] | components["schemas"]["CloseStep"];
        GotoStep: {
            /** @description Navigates to a URL and waits for the page to load and settle; a failure (DNS, timeout, SSL, refused address) is navigation_failed. */
            goto: {
                /** @description The URL to open, with its scheme (http or https). */
                url: string;
                /**
                 * @description Most milliseconds to wait for wait_for / wait_until.
                 * @default 10000
                 */
                wait_timeout?: number;
                /** @description CSS selector to wait for after the page loaded. */
                wait_for?: string;
                /** @description JavaScript expression to wait for until it is truthy. */
                wait_until?: string;
            };
        };
        ObserveStep: {
            /** @description Observes the page again with these options; its observation is the act's page when it is the last step. */
            observe: {
                /**
                 * @description markdown, or html: cleaned HTML of the same region in markdown.content.
                 * @default markdown
                 * @enum {string}
                 */
                format?: "markdown" | "html";
                /**
                 * @description main: the main content; full: every section under region headers.
                 * @default main
                 * @enum {string}
                 */
                mode?: "main" | "full";
                /**
                 * @description Adds the section map (page.map).
                 * @default false
                 */
                include_page_map?: boolean;
                /**
                 * @description Lists links as interactive elements too.
                 * @default false
                 */
                include_links?: boolean;
                /**
                 * @description in_place: each listed control's ref also stands where the control is in the markdown ([e3: button "Send"]); list: the markdown is text only. interactive_elements lists the controls either way.
                 * @default in_place
                 * @enum {string}
                 */
                controls?: "in_place" | "list";
                /** @description CSS selector limiting the observation to one region. */
                scope?: string;
                /** @description Most characters of content; default 12000, or 20000 when mode is full. */
                max_text_length?: number;
            };
        };
        ClickStep: {
            /** @description Clicks an element, then waits for what the click caused: a navigation and its load, the requests it fired. */
            click: {
                /** @description Ref of an element from the latest observation (e1, e2, ...). */
                ref?: string;
                /** @description Visible text of a button, link or other clickable; exact match first, then prefix, then substring (spacing ignored; at each, the case as written before any case). */
                text?: string;
                /** @description Label of a field: aria-label, placeholder, associated label, name attribute, then nearby text. */
                label?: string;
            } & (unknown | unknown | unknown);
        };
        FillStep: {
            /** @description Clears a field and fills in a value, then leaves the field (input and change fire) and reads the value back. Date, time, month, week and number inputs take the forms people write (09/10/2012, 10 Sep 2012, 2:30 pm, 1,234.5). */
            fill: {
                /** @description The new value; replaces the content (empty clears the field). */
                value: string;
                /** @description Ref of an element from the latest observation (e1, e2, ...). */
                ref?: string;
                /** @description Visible text of a button, link or other clickable; exact match first, then prefix, then substring (spacing ignored; at each, the case as written before any case). */
                text?: string;
                /** @description Label of a field: aria-label, placeholder, associated label, name attribute, then nearby text. */
                label?: string;
            } & (unknown | unknown | unknown);
        };
        TypeStep: {
            /** @description Types text key by key into an element, keeping its content and focus. */
            type: {
                /** @description The text to type. */
                value: string;
                /**
                 * @description Milliseconds between keystrokes.
                 * @default 50
                 */
                delay?: number;
                /** @description Ref of an element from the latest observation (e1, e2, ...). */
                ref?: string;
                /** @description Visible text of a button, link or other clickable; exact match first, then prefix, then substring (spacing ignored; at each, the case as written before any case). */
                text?: string;
                /** @description Label of a field: aria-label, placeholder, associated label, name attribute, then nearby text. */
                label?: string;
            } & (unknown | unknown | unknown);
        };
        SelectStep: {
            /** @description Chooses an option of a select element, or several of a multiple select, or clicks the options of an ARIA listbox or combobox; an unknown option is action_failed listing the values. */
            select: {
                /** @description The option to choose, by value attribute, else by its text (case and spacing ignored). For a <select multiple>, an array chooses exactly those options (an empty array none); a select that is not multiple takes only a string. */
                value: string | string[];
                /** @description Ref of an element from the latest observation (e1, e2, ...). */
                ref?: string;
                /** @description Visible text of a button, link or other clickable; exact match first, then prefix, then substring (spacing ignored; at each, the case as written before any case). */
                text?: string;
                /** @description Label of a field: aria-label, placeholder, associated label, name attribute, then nearby text. */
                label?: string;
            } & (unknown | unknown | unknown);
        };
        CheckStep: {
            /** @description Checks or unchecks a checkbox, radio or switch. */
            check: {
                /**
                 * @description The wanted state; false unchecks.
                 * @default true
                 */
                checked?: boolean;
                /** @description Ref of an element from the latest observation (e1, e2, ...). */
                ref?: string;
                /** @description Visible text of a button, link or other clickable; exact match first, then prefix, then substring (spacing ignored; at each, the case as written before any case). */
                text?: string;
                /** @description Label of a field: aria-label, placeholder, associated label, name attribute, then nearby text. */
                label?: string;
            } & (unknown | unknown | unknown);
        };
        ScrollStep: {
            /** @description Scrolls the page (or, in an app layout whose body does not scroll, the panel that does). */
            scroll: {
                /**
                 * @description Pixels per wheel turn (with direction).
                 * @default 500
                 */
                amount?: number;
                /**
                 * @description How many wheel turns (with direction).
                 * @default 1
                 */
                times?: number;
                /**
                 * @description Jumps to the top or the bottom.
                 * @enum {string}
                 */
                to?: "top" | "bottom";
                /**
                 * @description Turns the mouse wheel up or down.
                 * @enum {string}
                 */
                direction?: "up" | "down";
                /** @description Scrolls this element (a ref from the latest observation) into view. */
                ref?: string;
            } & (unknown | unknown | unknown);
        };
        ScrollCollectStep: {
            /** @description Scrolls the whole page, reading it at every position, and answers one observation whose content merges all it read. */
            scroll_collect: {
                /**
                 * @description Most scroll rounds (a safety limit).
                 * @default 50
                 */
                max_scrolls?: number;
                /**
                 * @description Milliseconds to wait for lazy content after each round.
                 * @default 500
                 */
                wait_ms?: number;
                /**
                 * @description Total time budget in milliseconds.
                 * @default 60000
                 */
                timeout_ms?: number;
                /**
                 * @description Most characters of merged content.
                 * @default 100000
                 */
                max_text_length?: number;
            };
        };
        ScreenshotStep: {
            /** @description Takes a screenshot; it goes to media with type screenshot. */
            screenshot: {
                /**
                 * @description The whole page rather than the viewport.
                 * @default false
                 */
                full_page?: boolean;
                /**
                 * @description Image format.
                 * @default png
                 * @enum {string}
                 */
                format?: "png" | "jpeg";
                /**
                 * @description JPEG quality (jpeg only).
                 * @default 80
                 */
                quality?: number;
                /** @description CSS selector of one element to capture. */
                selector?: string;
            };
        };
        WaitStep: {
            /** @description Pauses, or waits for a visible selector, visible text or a truthy expression. */
            wait: {
                /**
                 * @description Most milliseconds to wait for selector, text or until; then action_failed.
                 * @default 10000
                 */
                timeout?: number;
                /** @description Milliseconds to pause. */
                ms?: number;
                /** @description CSS selector of an element to wait for until it is visible. */
                selector?: string;
                /** @description Text to wait for until it is visible. */
                text?: string;
                /** @description JavaScript expression to wait for until it is truthy. */
                until?: string;
            } & (unknown | unknown | unknown | unknown);
        };
        ExtractStep: {
            /** @description Extracts values from the page: each key is an output field name and its value a selector form; the results land in extraction under the same names. js >> and ai >> are top-level fields only. */
            extract: {
                /**
                 * @description Resolves ai >> selectors again instead of using the cached ones.
                 * @default false
                 */
                refresh_selectors?: boolean;
            } & {
                [key: string]: components["schemas"]["ExtractSelector"];
            };
        };
        /** @description What to extract for one field. A string: `css`, the HTML of the first match; `css >> text`, its text; `css >> json`, its JSON; `css >> attribute`, that attribute; a table becomes an array of row objects keyed by header; `js >> expression`, the value of a JavaScript expression; `ai >> description`, a selector found by the AI provider (cached per domain). `[form]`: every match. `[{_parent, _limit, field: form, ...}]`: one object per parent match, nested at most 10 levels. */
        ExtractSelector: string | string[] | ({
            /** @description CSS selector of each repeated item. */
            _parent: string;
            /** @description Most parent matches returned. */
            _limit?: number;
        } & {
            [key: string]: components["schemas"]["ExtractSelector"];
        })[];
        UploadStep: {
            /** @description Attaches files to a file input. */
            upload: {
                /** @description http(s) URLs of the files, downloaded through the session's own network path (25 MiB a file, 50 MiB in all). */
                files: string[];
                /** @description Ref of an element from the latest observation (e1, e2, ...). */
                ref?: string;
                /** @description Visible text of a button, link or other clickable; exact match first, then prefix, then substring (spacing ignored; at each, the case as written before any case). */
                text?: string;
                /** @description Label of a field: aria-label, placeholder, associated label, name attribute, then nearby text. */
                label?: string;
            } & (unknown | unknown | unknown);
        };
        PdfStep: {
            /** @description Prints the page to PDF; it goes to media with type pdf. */
            pdf: {
                /**
                 * @description Paper size.
                 * @default A4
                 * @enum {string}
                 */
                format?: "A4" | "Letter" | "Legal";
                /**
                 * @description Landscape orientation.
                 * @default false
                 */
                landscape?: boolean;
                /**
                 * @description Prints background colours and images.
                 * @default true
                 */
                print_background?: boolean;
                /**
                 * @description Rendering scale.
                 * @default 1
                 */
                scale?: number;
                /** @description Page margins; a side left out has none. */
                margin?: {
                    /** @description Top margin, a CSS length (px, in, cm or mm; a bare number is px). */
                    top?: string;
                    /** @description Right margin, a CSS length (px, in, cm or mm; a bare number is px). */
                    right?: string;
                    /** @description Bottom margin, a CSS length (px, in, cm or mm; a bare number is px). */
                    bottom?: string;
                    /** @description Left margin, a CSS length (px, in, cm or mm; a bare number is px). */
                    left?: string;
                };
            };
        };
        FillFormStep: {
            /** @description Fills a form by field labels, detecting each field's kind. */
            fill_form: {
                /** @description Field labels to values: text for text fields (dates, times and numbers as people write them), an option value or text for selects and listboxes (an array of them for a multiple select), a boolean for checkboxes, a label or value for radio groups. */
                fields: {
                    [key: string]: string | boolean | string[];
                };
                /**
                 * @description Submits the form afterwards.
                 * @default false
                 */
                submit?: boolean;
            };
        };
        ExecuteJsStep: {
            /** @description Runs JavaScript in the page and puts its result in extraction. */
            execute_js: {
                /** @description A function body run in the page; `return` sends a JSON value back. */
                code: string;
                /**
                 * @description Key in extraction that receives the returned value.
                 * @default js_result
                 */
                result_key?: string;
                /**
                 * @description Most milliseconds the code may run.
                 * @default 10000
                 */
                timeout?: number;
            };
        };
        CloseStep: {
            /** @description Ends the session once the act is answered; only as the last step. Takes no parameters. */
            close: Record<string, never>;
        };
        Envelope: {
            /** @description Session id, starting with ses_; then the id of the node that runs it, _, and 24 characters. */
            session_id: string;
            /**
             * Format: date-time
             * @description When the session expires (ISO 8601).
             */
            expires_at: string;
            /** @description Id of this request, the same as the X-Request-Id header. */
            request_id: string;
            /** @description Steps that ran successfully. */
            completed: number;
            /** @description The page after the steps; null for a bare create (no url, no steps) or a page that could not be read. */
            page: components["schemas"]["PageState"] | null;
            /** @description Screenshots and PDFs, in step order; empty when none. */
            media: components["schemas"]["MediaItem"][];
            /** @description Extracted values by extract field name and execute_js result_key; null when neither step ran. */
            extraction: {
                [key: string]: unknown;
            } | null;
            /** @description Kinds of blockers dismissed automatically, each once. */
            blockers_dismissed: ("cookie_consent" | "popup")[];
            /** @description Null on success; otherwise the step that failed (the steps after it did not run). */
            error: components["schemas"]["StepError"] | null;
        };
        /** @description Page state. With page: light only url, title and scroll. */
        PageState: {
            /** @description Current URL. */
            url: string;
            /** @description Page title. */
            title: string;
            /** @description Scroll position (of the panel that scrolls, in an app layout whose body does not). */
            scroll: {
                /** @description Scroll offset in CSS pixels. */
                y: number;
                /** @description Scrollable height in CSS pixels. */
                height: number;
                /** @description Viewport height in CSS pixels. */
                viewport: number;
                /** @description How far down the page the viewport's bottom is, in percent. */
                percent: number;
            };
            /** @description True when the network was idle for 300 ms and the DOM quiet for 500 ms; false: still loading, a wait step is advised. */
            stable?: boolean;
            /** @description The content. */
            markdown?: {
                /** @description The page content as markdown (cleaned HTML with format html). */
                content: string;
                /** @description Present when the content was cut at max_text_length. */
                length?: {
                    /** @description Characters shown. */
                    shown: number;
                    /** @description Characters in all. */
                    total: number;
                };
            };
            /** @description Interactive elements with their refs. */
            interactive_elements?: components["schemas"]["InteractiveElement"][];
            /** @description Forms on the page. */
            forms?: components["schemas"]["Form"][];
            /** @description Section map: with the first observation of a session and with include_page_map. */
            map?: {
                /** @description Name of the section (landmark or heading). */
                section: string;
                /** @description CSS selector of the section, accepted by observe scope. */
                selector: string;
                /** @description The start of the section's text. */
                hint: string;
            }[];
            /** @description What changed since the previous observation; null on the first one. */
            changes?: {
                /** @description Whether the content differs from the previous observation. */
                content_changed: boolean;
                /** @description Lines added (+ ) and removed (- ), bounded; null when the content did not change. */
                content_delta: string | null;
                /** @description Elements that appeared. */
                elements_added: {
                    /** @description Element ref (e1, e2, ...): kept while the element stays on the page, never reused in a session. */
                    ref: string;
                    /** @description HTML tag name. */
                    tag?: string;
                    /** @description Computed ARIA role, such as link, button, textbox, combobox, checkbox, option or treeitem (a clickable element without one: button). */
                    role?: string;
                    /** @description Accessible name: the visible label. */
                    label?: string;
                    /** @description Current value of an input (never a password's). */
                    value?: string;
                    /** @description Containing landmark: main, form, header, footer, nav, ... */
                    in?: string;
                    /** @description Nearest heading. */
                    near?: string;
                    /** @description Ref of the form the element belongs to (f1, ...). */
                    form?: string;
                    /** @description Type of an input: text, password, email, date, time, number, checkbox, file, ... */
                    input_type?: string;
                    /** @description Present (true) when the control is disabled. */
                    disabled?: boolean;
                    /** @description Checked state of a checkbox, radio, switch or toggle button. */
                    checked?: boolean;
                    /** @description Present (true) when a checkbox is neither checked nor unchecked. */
                    mixed?: boolean;
                    /** @description Present on what expands (tree item with children, menu button, details summary, combobox): whether it is open. */
                    expanded?: boolean;
                    /** @description Selected state of an option, tab or tree item. */
                    selected?: boolean;
                    /** @description Present (true) when the field must be filled. */
                    required?: boolean;
                    /** @description Present (true) when several options can be selected at once. */
                    multiple?: boolean;
                    /** @description The options of a select or listbox (the first 100). */
                    options?: {
                        /** @description The value a select step takes. */
                        value: string;
                        /** @description The text shown. */
                        label: string;
                        /** @description Whether it is selected now. */
                        selected: boolean;
                    }[];
                }[];
                /** @description Elements that left (ref, tag, role, label). */
                elements_removed: {
                    /** @description Element ref (e1, e2, ...): kept while the element stays on the page, never reused in a session. */
                    ref: string;
                    /** @description HTML tag name. */
                    tag?: string;
                    /** @description Computed ARIA role, such as link, button, textbox, combobox, checkbox, option or treeitem (a clickable element without one: button). */
                    role?: string;
                    /** @description Accessible name: the visible label. */
                    label?: string;
                    /** @description Current value of an input (never a password's). */
                    value?: string;
                    /** @description Containing landmark: main, form, header, footer, nav, ... */
                    in?: string;
                    /** @description Nearest heading. */
                    near?: string;
                    /** @description Ref of the form the element belongs to (f1, ...). */
                    form?: string;
                    /** @description Type of an input: text, password, email, date, time, number, checkbox, file, ... */
                    input_type?: string;
                    /** @description Present (true) when the control is disabled. */
                    disabled?: boolean;
                    /** @description Checked state of a checkbox, radio, switch or toggle button. */
                    checked?: boolean;
                    /** @description Present (true) when a checkbox is neither checked nor unchecked. */
                    mixed?: boolean;
                    /** @description Present on what expands (tree item with children, menu button, details summary, combobox): whether it is open. */
                    expanded?: boolean;
                    /** @description Selected state of an option, tab or tree item. */
                    selected?: boolean;
                    /** @description Present (true) when the field must be filled. */
                    required?: boolean;
                    /** @description Present (true) when several options can be selected at once. */
                    multiple?: boolean;
                    /** @description The options of a select or listbox (the first 100). */
                    options?: {
                        /** @description The value a select step takes. */
                        value: string;
                        /** @description The text shown. */
                        label: string;
                        /** @description Whether it is selected now. */
                        selected: boolean;
                    }[];
                }[];
            } | null;
            /** @description A CAPTCHA on the page that did not stop the navigation (not rendered, or a widget in a form of a usable page): a form holding it may need it solved. One in the way is the step error captcha_detected or captcha_unsolvable instead. */
            captcha?: {
                /** @description recaptcha, hcaptcha, turnstile, challenge or other. */
                kind: string;
                /** @description Who serves it. */
                vendor: string;
                /** @description What was found and where. */
                message: string;
            };
        };
        InteractiveElement: {
            /** @description Element ref (e1, e2, ...): kept while the element stays on the page, never reused in a session. */
            ref: string;
            /** @description HTML tag name. */
            tag: string;
            /** @description Computed ARIA role, such as link, button, textbox, combobox, checkbox, option or treeitem (a clickable element without one: button). */
            role: string;
            /** @description Accessible name: the visible label. */
            label: string;
            /** @description Current value of an input (never a password's). */
            value?: string;
            /** @description Containing landmark: main, form, header, footer, nav, ... */
            in?: string;
            /** @description Nearest heading. */
            near?: string;
            /** @description Ref of the form the element belongs to (f1, ...). */
            form?: string;
            /** @description Type of an input: text, password, email, date, time, number, checkbox, file, ... */
            input_type?: string;
            /** @description Present (true) when the control is disabled. */
            disabled?: boolean;
            /** @description Checked state of a checkbox, radio, switch or toggle button. */
            checked?: boolean;
            /** @description Present (true) when a checkbox is neither checked nor unchecked. */
            mixed?: boolean;
            /** @description Present on what expands (tree item with children, menu button, details summary, combobox): whether it is open. */
            expanded?: boolean;
            /** @description Selected state of an option, tab or tree item. */
            selected?: boolean;
            /** @description Present (true) when the field must be filled. */
            required?: boolean;
            /** @description Present (true) when several options can be selected at once. */
            multiple?: boolean;
            /** @description The options of a select or listbox (the first 100). */
            options?: {
                /** @description The value a select step takes. */
                value: string;
                /** @description The text shown. */
                label: string;
                /** @description Whether it is selected now. */
                selected: boolean;
            }[];
        };
        Form: {
            /** @description Form ref (f1, f2, ...). */
            ref: string;
            /** @description The form's id attribute (empty when it has none). */
            id: string;
            /** @description The form's action URL. */
            action: string;
            /** @description The form's HTTP method. */
            method: string;
            /** @description Refs of the form's elements. */
            fields: string[];
        };
        MediaItem: {
            /**
             * @description The step that made it.
             * @enum {string}
             */
            type: "screenshot" | "pdf";
            /**
             * @description File format.
             * @enum {string}
             */
            format: "png" | "jpeg" | "pdf";
            /** @description The file, Base64-encoded. */
            data: string;
        };
        StepError: {
            /** @description Zero-based position of the failed step (0 with action goto when a create's url failed). */
            step: number;
            /**
             * @description Type of the step that failed.
             * @enum {string}
             */
            action: "goto" | "observe" | "click" | "fill" | "type" | "select" | "check" | "scroll" | "scroll_collect" | "screenshot" | "wait" | "extract" | "upload" | "pdf" | "fill_form" | "execute_js" | "close";
            /**
             * @description Step error code.
             * @enum {string}
             */
            code: "element_not_found" | "navigation_failed" | "captcha_detected" | "captcha_unsolvable" | "access_denied" | "action_failed" | "extract_failed" | "invalid_request" | "page_unresponsive" | "page_crashed";
            /** @description What happened, in words. */
            message: string;
            /** @description Details by code: element_not_found the target and up to 5 candidates {ref, label}; navigation_failed url, reason, status; access_denied status, url; captcha_* kind; action_failed reason; extract_failed field; invalid_request path, expected. */
            context: {
                [key: string]: unknown;
            };
        };
        InvalidRequestError: {
            error: {
                /**
                 * @description Error code.
                 * @enum {string}
                 */
                code: "invalid_request";
                /** @description What went wrong, in words. */
                message: string;
                /** @description Details; what they hold depends on the code. */
                context: {
                    /** @description The offending field, such as steps[2].click.ref, or body for the whole body. */
                    path: string;
                    /** @description What was wanted there, in words. */
                    expected: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        UnauthorizedError: {
            error: {
                /**
                 * @description Error code.
                 * @enum {string}
                 */
                code: "unauthorized";
                /** @description What went wrong, in words. */
                message: string;
                /** @description Details; what they hold depends on the code. */
                context?: {
                    [key: string]: unknown;
                };
            };
        };
        InsufficientCreditsError: {
            error: {
                /**
                 * @description Error code.
                 * @enum {string}
                 */
                code: "insufficient_credits";
                /** @description What went wrong, in words. */
                message: string;
                /** @description Details; what they hold depends on the code. */
                context?: {
                    [key: string]: unknown;
                };
            };
        };
        IdempotencyConflictError: {
            error: {
                /**
                 * @description Error code.
                 * @enum {string}
                 */
                code: "idempotency_conflict";
                /** @description What went wrong, in words. */
                message: string;
                /** @description Details; what they hold depends on the code. */
                context?: {
                    [key: string]: unknown;
                };
            };
        };
        PayloadTooLargeError: {
            error: {
                /**
                 * @description Error code.
                 * @enum {string}
                 */
                code: "payload_too_large";
                /** @description What went wrong, in words. */
                message: string;
                /** @description Details; what they hold depends on the code. */
                context?: {
                    [key: string]: unknown;
                };
            };
        };
        RateLimitedError: {
            error: {
                /**
                 * @description Error code.
                 * @enum {string}
                 */
                code: "rate_limited";
                /** @description What went wrong, in words. */
                message: string;
                /** @description Details; what they hold depends on the code. */
                context?: {
                    [key: string]: unknown;
                };
            };
        };
        InternalError: {
            error: {
                /**
                 * @description Error code.
                 * @enum {string}
                 */
                code: "internal_error";
                /** @description What went wrong, in words. */
                message: string;
                /** @description Details; what they hold depends on the code. */
                context?: {
                    [key: string]: unknown;
                };
            };
        };
        EngineUnavailableError: {
            error: {
                /**
                 * @description Error code.
                 * @enum {string}
                 */
                code: "engine_unavailable";
                /** @description What went wrong, in words. */
                message: string;
                /** @description Details; what they hold depends on the code. */
                context?: {
                    [key: string]: unknown;
                };
            };
        };
        SessionList: {
            /** @description The key's sessions, newest first. */
            sessions: {
                /** @description Session id, starting with ses_; then the id of the node that runs it, _, and 24 characters. */
                session_id: string;
                /**
                 * @description active, closed (expired included) or failed.
                 * @enum {string}
                 */
                status: "active" | "closed" | "failed";
                /**
                 * Format: date-time
                 * @description When it was created (ISO 8601).
                 */
                started_at: string;
            }[];
            /** @description Whether another page follows. */
            has_more: boolean;
            /** @description Pass as after to get the next page; null on the last page. */
            next_cursor: string | null;
        };
        SessionInfo: {
            /** @description Session id, starting with ses_; then the id of the node that runs it, _, and 24 characters. */
            session_id: string;
            /**
             * @description active, or failed (closed and expired sessions are not found).
             * @enum {string}
             */
            status: "active" | "failed";
            /**
             * Format: date-time
             * @description When it was created (ISO 8601).
             */
            started_at: string;
            /** @description When it ended; null while active. */
            ended_at: string | null;
            /** @description Runtime in whole seconds, rounded up; null while active. */
            duration_seconds: number | null;
            /**
             * Format: date-time
             * @description When it expires (ISO 8601).
             */
            expires_at: string;
            /** @description Why it failed (access_denied, captcha_unsolvable, page_crashed, page_unresponsive, engine_failure, ...); null while active. */
            error_code: string | null;
            /** @description What happened, in words; null while active. */
            error_message: string | null;
            /** @description Consumption so far, or in all once ended. */
            usage: components["schemas"]["Usage"];
        };
        Usage: {
            /** @description Runtime in whole seconds, rounded up. */
            seconds: number;
            /** @description Metered response bytes by proxy kind. */
            bytes: {
                /** @description Response bytes through datacenter proxies (and your own proxy). */
                datacenter: number;
                /** @description Response bytes through residential proxies. */
                residential: number;
            };
            /** @description Tokens used resolving ai >> selectors. */
            ai_tokens: number;
            /** @description CAPTCHAs solved. */
            captcha_solves: number;
            /** @description Credits these amount to (interface 8.4), each term rounded up. */
            credits: number;
        };
        SessionNotFoundError: {
            error: {
                /**
                 * @description Error code.
                 * @enum {string}
                 */
                code: "session_not_found";
                /** @description What went wrong, in words. */
                message: string;
                /** @description Details; what they hold depends on the code. */
                context?: {
                    [key: string]: unknown;
                };
            };
        };
        WrongNodeError: {
            error: {
                /**
                 * @description Error code.
                 * @enum {string}
                 */
                code: "wrong_node";
                /** @description What went wrong, in words. */
                message: string;
                /** @description Details; what they hold depends on the code. */
                context?: {
                    [key: string]: unknown;
                };
            };
        };
        ActRefusedError: {
            error: {
                /**
                 * @description Error code.
                 * @enum {string}
                 */
                code: "rate_limited" | "quota_exceeded";
                /** @description What went wrong, in words. */
                message: string;
                /** @description Details; what they hold depends on the code. */
                context?: {
                    [key: string]: unknown;
                };
            };
        };
        TraceNotFoundError: {
            error: {
                /**
                 * @description Error code.
                 * @enum {string}
                 */
                code: "session_not_found" | "trace_not_found";
                /** @description What went wrong, in words. */
                message: string;
                /** @description Details; what they hold depends on the code. */
                context?: {
                    [key: string]: unknown;
                };
            };
        };
        Takeover: {
            /** @description Session id, starting with ses_; then the id of the node that runs it, _, and 24 characters. */
            session_id: string;
            /**
             * @description human: acts wait in the queue until the handback.
             * @enum {string}
             */
            state: "human";
        };
        TakeoverBusyError: {
            error: {
                /**
                 * @description Error code.
                 * @enum {string}
                 */
                code: "session_busy";
                /** @description What went wrong, in words. */
                message: string;
                /** @description Details; what they hold depends on the code. */
                context?: {
                    [key: string]: unknown;
                };
            };
        };
        Handback: {
            /** @description Session id, starting with ses_; then the id of the node that runs it, _, and 24 characters. */
            session_id: string;
            /**
             * @description running when an act was waiting and now runs, else idle.
             * @enum {string}
             */
            state: "idle" | "running";
        };
        HandbackRefusedError: {
            error: {
                /**
                 * @description Error code.
                 * @enum {string}
                 */
                code: "not_taken_over";
                /** @description What went wrong, in words. */
                message: string;
                /** @description Details; what they hold depends on the code. */
                context?: {
                    [key: string]: unknown;
                };
            };
        };
        InputApplied: {
            /** @description Events applied to the page, all of them. */
            applied: number;
        };
        InputRefusedError: {
            error: {
                /**
                 * @description Error code.
                 * @enum {string}
                 */
                code: "not_taken_over" | "session_busy";
                /** @description What went wrong, in words. */
                message: string;
                /** @description Details; what they hold depends on the code. */
                context?: {
                    [key: string]: unknown;
                };
            };
        };
        McpSessionNotFoundError: {
            error: {
                /**
                 * @description Error code.
                 * @enum {string}
                 */
                code: "not_found";
                /** @description What went wrong, in words. */
                message: string;
                /** @description Details; what they hold depends on the code. */
                context?: {
                    [key: string]: unknown;
                };
            };
        };
        EventPage: {
            /** @description The events after `after`, oldest first. */
            events: components["schemas"]["JournalEvent"][];
            /** @description The last returned id, to pass as after; null when nothing follows yet. */
            next_cursor: string | null;
        };
        JournalEvent: components["schemas"]["JournalEvent_transition"] | components["schemas"]["JournalEvent_act_received"] | components["schemas"]["JournalEvent_act_started"] | components["schemas"]["JournalEvent_act_finished"] | components["schemas"]["JournalEvent_step"] | components["schemas"]["JournalEvent_navigation"] | components["schemas"]["JournalEvent_page_error"] | components["schemas"]["JournalEvent_console_error"] | components["schemas"]["JournalEvent_blocker"] | components["schemas"]["JournalEvent_captcha"] | components["schemas"]["JournalEvent_access"] | components["schemas"]["JournalEvent_takeover"] | components["schemas"]["JournalEvent_handback"] | components["schemas"]["JournalEvent_usage"] | components["schemas"]["JournalEvent_ended"];
        JournalEvent_transition: {
            /** @description Its number in the session's journal: 1, 2, 3... in order. */
            id: number;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601).
             */
            at: string;
            /**
             * @description A transition of the session machine.
             * @enum {string}
             */
            type: "transition";
            /** @description The dotted state path before (active.idle); null for the first. */
            from: string | null;
            /** @description The dotted state path after (active.running). */
            to: string;
            /** @description The XState event type that caused it, as written (act, xstate.done.actor…, xstate.after…). */
            event: string;
        };
        JournalEvent_act_received: {
            /** @description Its number in the session's journal: 1, 2, 3... in order. */
            id: number;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601).
             */
            at: string;
            /**
             * @description An act was queued.
             * @enum {string}
             */
            type: "act.received";
            /** @description The act this belongs to (an id of its own, not shown elsewhere). */
            act_id: string;
            /** @description Its step names, in order. */
            steps: string[];
        };
        JournalEvent_act_started: {
            /** @description Its number in the session's journal: 1, 2, 3... in order. */
            id: number;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601).
             */
            at: string;
            /**
             * @description An act began to run.
             * @enum {string}
             */
            type: "act.started";
            /** @description The act this belongs to (an id of its own, not shown elsewhere). */
            act_id: string;
        };
        JournalEvent_act_finished: {
            /** @description Its number in the session's journal: 1, 2, 3... in order. */
            id: number;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601).
             */
            at: string;
            /**
             * @description An act ran to its end.
             * @enum {string}
             */
            type: "act.finished";
            /** @description The act this belongs to (an id of its own, not shown elsewhere). */
            act_id: string;
            /** @description Every step succeeded. */
            ok: boolean;
            /** @description How long it ran, in whole ms. */
            duration_ms: number;
            /** @description Why it failed; absent when it did not. */
            error?: {
                /** @description The step error code. */
                code: string;
                /** @description What happened, in words. */
                message: string;
            };
        };
        JournalEvent_step: {
            /** @description Its number in the session's journal: 1, 2, 3... in order. */
            id: number;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601).
             */
            at: string;
            /**
             * @description One step ran.
             * @enum {string}
             */
            type: "step";
            /** @description The act this belongs to (an id of its own, not shown elsewhere). */
            act_id: string;
            /** @description Its index in the act (a create's url is step 0, as a goto). */
            index: number;
            /** @description The step's name. */
            step: string;
            /** @description Its parameters with defaults, secrets redacted ([redacted], execute_js code cut to an excerpt). */
            params: unknown;
            /** @description How long it ran, in whole ms. */
            duration_ms: number;
            /** @description Whether it succeeded. */
            ok: boolean;
            /** @description Why it failed; absent when it did not. */
            error?: {
                /** @description The step error code. */
                code: string;
                /** @description What happened, in words. */
                message: string;
            };
        };
        JournalEvent_navigation: {
            /** @description Its number in the session's journal: 1, 2, 3... in order. */
            id: number;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601).
             */
            at: string;
            /**
             * @description The main frame received a document.
             * @enum {string}
             */
            type: "navigation";
            /** @description Its URL (user:password@ redacted). */
            url: string;
            /** @description Its HTTP status. */
            status: number;
        };
        JournalEvent_page_error: {
            /** @description Its number in the session's journal: 1, 2, 3... in order. */
            id: number;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601).
             */
            at: string;
            /**
             * @description An uncaught exception in the page.
             * @enum {string}
             */
            type: "page.error";
            /** @description Its message, at most 500 characters. */
            message: string;
        };
        JournalEvent_console_error: {
            /** @description Its number in the session's journal: 1, 2, 3... in order. */
            id: number;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601).
             */
            at: string;
            /**
             * @description The page logged an error to its console.
             * @enum {string}
             */
            type: "console.error";
            /** @description The text, at most 500 characters. */
            message: string;
        };
        JournalEvent_blocker: {
            /** @description Its number in the session's journal: 1, 2, 3... in order. */
            id: number;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601).
             */
            at: string;
            /**
             * @description A consent banner or popup was dismissed.
             * @enum {string}
             */
            type: "blocker";
            /** @description What kind (cookie_consent, popup, ...). */
            kind: string;
            /** @description Where: the page URL. */
            detail: string;
        };
        JournalEvent_captcha: {
            /** @description Its number in the session's journal: 1, 2, 3... in order. */
            id: number;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601).
             */
            at: string;
            /**
             * @description A CAPTCHA was met.
             * @enum {string}
             */
            type: "captcha";
            /** @description Its kind (recaptcha, hcaptcha, turnstile, interstitial, ...). */
            kind: string;
            /** @description Who makes it, when known. */
            vendor: string | null;
            /**
             * @description solved or unsolved by the solver, in_the_way (the step failed), or noted (on the page, not in the way).
             * @enum {string}
             */
            outcome: "solved" | "unsolved" | "in_the_way" | "noted";
            /** @description The page URL. */
            url: string;
        };
        JournalEvent_access: {
            /** @description Its number in the session's journal: 1, 2, 3... in order. */
            id: number;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601).
             */
            at: string;
            /**
             * @description The site refused access (the step fails access_denied).
             * @enum {string}
             */
            type: "access";
            /** @description The page URL. */
            url: string;
            /** @description The HTTP status, when there is one. */
            status: number | null;
            /** @description Why, in words. */
            reason: string;
        };
        JournalEvent_takeover: {
            /** @description Its number in the session's journal: 1, 2, 3... in order. */
            id: number;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601).
             */
            at: string;
            /**
             * @description A person took over the page.
             * @enum {string}
             */
            type: "takeover";
            /**
             * @description Who: the session's key.
             * @enum {string}
             */
            by: "key";
        };
        JournalEvent_handback: {
            /** @description Its number in the session's journal: 1, 2, 3... in order. */
            id: number;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601).
             */
            at: string;
            /**
             * @description The person handed the page back.
             * @enum {string}
             */
            type: "handback";
        };
        JournalEvent_usage: {
            /** @description Its number in the session's journal: 1, 2, 3... in order. */
            id: number;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601).
             */
            at: string;
            /**
             * @description What the session consumed, in all (written as it ends).
             * @enum {string}
             */
            type: "usage";
            /** @description Runtime in whole seconds, rounded up. */
            seconds: number;
            /** @description Metered response bytes, all proxy kinds. */
            bytes: number;
            /** @description Tokens used resolving ai >> selectors. */
            ai_tokens: number;
            /** @description CAPTCHAs solved. */
            captcha_solves: number;
            /** @description Credits these amount to. */
            credits: number;
        };
        JournalEvent_ended: {
            /** @description Its number in the session's journal: 1, 2, 3... in order. */
            id: number;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601).
             */
            at: string;
            /**
             * @description The session ended: always its last event.
             * @enum {string}
             */
            type: "ended";
            /**
             * @description How it ended.
             * @enum {string}
             */
            status: "closed" | "expired" | "failed";
            /** @description Why it failed; null when it did not. */
            error_code: string | null;
            /** @description What happened, in words; null when nothing did. */
            error_message: string | null;
        };
        Health: {
            /**
             * @description ok while the browser engine is up (200); unavailable otherwise (503).
             * @enum {string}
             */
            status: "ok" | "unavailable";
            /**
             * @description The browser engine: up; restarting while a relaunch is under way; down while it waits for the next attempt.
             * @enum {string}
             */
            engine: "up" | "down" | "restarting";
            /** @description Live sessions in this process. */
            sessions: number;
            memory: components["schemas"]["HealthMemory"];
        };
        HealthMemory: {
            /** @description Megabytes of memory the machine can still give now (MemAvailable, or less under a cgroup memory limit); null where the system does not say. */
            available_mb: number | null;
            /** @description What is kept free (TABWRIGHT_MIN_FREE_MEMORY_MB): below it a create answers 503 engine_unavailable; 0 when the check is off. */
            min_free_mb: number;
            /** @description True while creates are refused for memory; acts of live sessions still run. */
            low: boolean;
        };
        NotFoundError: {
            error: {
                /**
                 * @description Error code.
                 * @enum {string}
                 */
                code: "not_found";
                /** @description What went wrong, in words. */
                message: string;
                /** @description Details; what they hold depends on the code. */
                context?: {
                    [key: string]: unknown;
                };
            };
        };
        UnreadableRequestError: {
            error: {
                /**
                 * @description Error code.
                 * @enum {string}
                 */
                code: "invalid_request";
                /** @description What went wrong, in words. */
                message: string;
                /** @description Details; what they hold depends on the code. */
                context: {
                    /** @description The offending field, such as steps[2].click.ref, or body for the whole body. */
                    path: string;
                    /** @description What was wanted there, in words. */
                    expected: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
    };
    responses: {
        /** @description Any route this document does not list, with or without a key: 404 not_found. */
        UnknownRoute: {
            headers: {
                /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                "X-Request-Id": string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["NotFoundError"];
            };
        };
        /** @description A request the HTTP parser refuses before any route sees it, on any path: 400 invalid_request for a NUL, lone CR or LF in a header, raw non-ASCII bytes in the path, an unknown method or version (context.path headers, url, method or version); 431 invalid_request for a request line and headers over 16 KB; 408 invalid_request for a request that does not arrive in full in time. The connection is closed after the answer (Connection: close). */
        UnreadableRequest: {
            headers: {
                /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                "X-Request-Id": string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["UnreadableRequestError"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listSessions: {
        parameters: {
            query?: {
                /** @description Most sessions in one page. */
                limit?: number;
                /** @description Only sessions with this status (expired sessions count as closed); all when absent. */
                status?: "active" | "closed" | "failed";
                /** @description The next_cursor of the previous page. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sessions. */
            200: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionList"];
                };
            };
            /** @description The body, the query or a header is invalid: context.path names the field, context.expected what was wanted. Fix the request; sending it again unchanged fails again. */
            400: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description Missing or invalid API key (Authorization: Bearer sk_live_… or sk_test_…). */
            401: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Over the plan's request rate (context.limit requests_per_minute) or its concurrent sessions (context.limit concurrent_sessions): honour Retry-After, back off. */
            429: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description An internal fault; nothing internal is shown. Retrying may help. */
            500: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    createSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first answer (201 or 400) is replayed for 24 h to the same key with the same body (Idempotent-Replayed: true); another body is 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Session lifetime in seconds, counted from creation; at most the plan's maximum session length.
                     * @default 300
                     */
                    timeout?: number;
                    /**
                     * @description Browser viewport size; each side defaults on its own.
                     * @default {
                     *       "width": 1280,
                     *       "height": 720
                     *     }
                     */
                    viewport?: {
                        /**
                         * @description Viewport width in CSS pixels.
                         * @default 1280
                         */
                        width?: number;
                        /**
                         * @description Viewport height in CSS pixels.
                         * @default 720
                         */
                        height?: number;
                    };
                    /**
                     * @description The proxy the session's traffic goes through: a pool {kind, country} or your own proxy URL.
                     * @default {
                     *       "kind": "datacenter",
                     *       "country": "auto"
                     *     }
                     */
                    proxy?: {
                        /**
                         * @description The proxy pool.
                         * @default datacenter
                         * @enum {string}
                         */
                        kind?: "datacenter" | "residential";
                        /**
                         * @description ISO 3166-1 alpha-2 code in lower case (or eu), or auto: chosen from the URL's top-level domain. The pools configured on the server decide which codes are served.
                         * @default auto
                         */
                        country?: string;
                    } | string;
                    /**
                     * @description Resource types not loaded; [] loads images and fonts. Media (video, audio) is always blocked.
                     * @default [
                     *       "image",
                     *       "font"
                     *     ]
                     */
                    block_resources?: ("image" | "font" | "stylesheet" | "script" | "media")[];
                    /**
                     * @description Dismisses cookie banners and popups automatically.
                     * @default true
                     */
                    auto_dismiss_blockers?: boolean;
                    /**
                     * @description Records a Playwright trace of the whole session (screenshots, DOM snapshots, network), downloadable from GET /v1/sessions/{id}/trace once the session has ended, for 24 h.
                     * @default false
                     */
                    trace?: boolean;
                    /**
                     * @description full: every answer observes the page; light: answers carry only url, title and scroll (an observe step as the last step still answers in full).
                     * @default full
                     * @enum {string}
                     */
                    page?: "full" | "light";
                    /** @description A URL to open once the session is created (http or https, with its scheme). */
                    url?: string;
                    /** @description Steps run after url, in order (the first one should be goto when there is no url). close may only be last. */
                    steps?: components["schemas"]["Step"][];
                    /** @description A User-Agent of your own; by default one is assigned from a pool of current browsers, with matching client hints. */
                    user_agent?: string;
                    /**
                     * @description Browser locale, a BCP 47 language tag such as en-US.
                     * @example en-US
                     * @example de-DE
                     */
                    locale?: string;
                    /**
                     * @description Browser time zone, an IANA name such as Europe/Paris.
                     * @example Europe/Paris
                     * @example America/New_York
                     */
                    timezone?: string;
                    /** @description Cookies set before the first navigation. */
                    cookies?: {
                        /** @description Cookie name. */
                        name: string;
                        /** @description Cookie value. */
                        value: string;
                        /** @description The host the cookie is for; a leading dot includes its subdomains. Give domain or url, not both. */
                        domain?: string;
                        /** @description A URL whose host and path the cookie is for (instead of domain and path). */
                        url?: string;
                        /** @description The path the cookie is sent for; "/" when a domain is given without one. */
                        path?: string;
                        /** @description When the cookie expires, as Unix time in seconds; -1 or absent for a session cookie. */
                        expires?: -1 | number;
                        /** @description Hidden from the page's scripts. */
                        httpOnly?: boolean;
                        /** @description Sent over https only; with url it must agree with the url's scheme. */
                        secure?: boolean;
                        /**
                         * @description SameSite attribute; None needs a secure cookie.
                         * @enum {string}
                         */
                        sameSite?: "Strict" | "Lax" | "None";
                    }[];
                };
            };
        };
        responses: {
            /** @description The session is active; the envelope holds the page (or null for a bare session). */
            201: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    /** @description Where the time went, in ms: act (all), stable (waiting for the page to settle), observe (reading it). */
                    "Server-Timing"?: string;
                    /** @description true when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"];
                };
            };
            /** @description The body, the query or a header is invalid: context.path names the field, context.expected what was wanted. Fix the request; sending it again unchanged fails again. */
            400: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    /** @description true when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description Missing or invalid API key (Authorization: Bearer sk_live_… or sk_test_…). */
            401: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The account's credit pool for this cycle is empty: top up, upgrade, or wait for the next cycle. */
            402: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InsufficientCreditsError"];
                };
            };
            /** @description The Idempotency-Key was used with a different body, or its first request is still running (then with Retry-After: 1). */
            409: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdempotencyConflictError"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description Over the plan's request rate (context.limit requests_per_minute) or its concurrent sessions (context.limit concurrent_sessions): honour Retry-After, back off. */
            429: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description An internal fault; nothing internal is shown. Retrying may help. */
            500: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description The browser engine is down, restarting, or the server is shutting down, or (on a create) the machine's memory is nearly used; the message says which and when to retry: retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EngineUnavailableError"];
                };
            };
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id, from the create answer. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session. */
            200: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionInfo"];
                };
            };
            /** @description Missing or invalid API key (Authorization: Bearer sk_live_… or sk_test_…). */
            401: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description No such session for this key: it never existed, expired, was closed or failed. Create a new session and replay the steps. */
            404: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionNotFoundError"];
                };
            };
            /** @description Over the plan's request rate (context.limit requests_per_minute) or its concurrent sessions (context.limit concurrent_sessions): honour Retry-After, back off. */
            429: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description An internal fault; nothing internal is shown. Retrying may help. */
            500: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    deleteSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id, from the create answer. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Closed; no body. */
            204: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid API key (Authorization: Bearer sk_live_… or sk_test_…). */
            401: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description No such session for this key: it never existed, expired, was closed or failed. Create a new session and replay the steps. */
            404: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionNotFoundError"];
                };
            };
            /** @description The session runs on another node, the one its id names (ses_<node>_...) and context.node says: send its requests there. nginx with deploy/nginx.conf routes them by the id, so a client behind it never sees this. */
            421: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WrongNodeError"];
                };
            };
            /** @description Over the plan's request rate (context.limit requests_per_minute) or its concurrent sessions (context.limit concurrent_sessions): honour Retry-After, back off. */
            429: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description An internal fault; nothing internal is shown. Retrying may help. */
            500: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    act: {
        parameters: {
            query?: never;
            header?: {
                /** @description wait=0: answer 409 session_busy at once instead of queueing the act while a person holds the page (RFC 7240). Without it the act waits for the handback. */
                Prefer?: string;
            };
            path: {
                /** @description Session id, from the create answer. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Steps run in order; the first failure stops them and is answered in error with the page. close may only be last. */
                    steps: components["schemas"]["Step"][];
                };
            };
        };
        responses: {
            /** @description The steps ran (or one failed: see error). */
            200: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    /** @description Where the time went, in ms: act (all), stable (waiting for the page to settle), observe (reading it). */
                    "Server-Timing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"];
                };
            };
            /** @description The body, the query or a header is invalid: context.path names the field, context.expected what was wanted. Fix the request; sending it again unchanged fails again. */
            400: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description Missing or invalid API key (Authorization: Bearer sk_live_… or sk_test_…). */
            401: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description No such session for this key: it never existed, expired, was closed or failed. Create a new session and replay the steps. */
            404: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionNotFoundError"];
                };
            };
            /** @description session_busy: a person holds the page of this session (or is about to, once the act under way answers). Sent with Prefer: wait=0, so the act was not queued. */
            409: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActBusyError"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description The session runs on another node, the one its id names (ses_<node>_...) and context.node says: send its requests there. nginx with deploy/nginx.conf routes them by the id, so a client behind it never sees this. */
            421: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WrongNodeError"];
                };
            };
            /** @description rate_limited: over the plan's request rate, honour Retry-After. quota_exceeded: the account's live sessions reached its credit balance; the session was closed and billed, Retry-After is the next cycle: top up, upgrade or wait. */
            429: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActRefusedError"];
                };
            };
            /** @description An internal fault; nothing internal is shown. Retrying may help. */
            500: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description The browser engine is down, restarting, or the server is shutting down, or (on a create) the machine's memory is nearly used; the message says which and when to retry: retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EngineUnavailableError"];
                };
            };
        };
    };
    getTrace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id, from the create answer. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The trace, a zip file streamed from disk. */
            200: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    /** @description attachment; filename="<session id>.zip": a download, named after the session. */
                    "Content-Disposition": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            /** @description Missing or invalid API key (Authorization: Bearer sk_live_… or sk_test_…). */
            401: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description session_not_found: no such session for this key. trace_not_found: the session is still active (its trace is written when it ends), was created without trace: true, its trace could not be written (over 200 MiB, or the browser was lost), or it was deleted 24 h after the end. */
            404: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TraceNotFoundError"];
                };
            };
            /** @description The session runs on another node, the one its id names (ses_<node>_...) and context.node says: send its requests there. nginx with deploy/nginx.conf routes them by the id, so a client behind it never sees this. */
            421: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WrongNodeError"];
                };
            };
            /** @description Over the plan's request rate (context.limit requests_per_minute) or its concurrent sessions (context.limit concurrent_sessions): honour Retry-After, back off. */
            429: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description An internal fault; nothing internal is shown. Retrying may help. */
            500: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    liveView: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id, from the create answer. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream. */
            200: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description The body, the query or a header is invalid: context.path names the field, context.expected what was wanted. Fix the request; sending it again unchanged fails again. */
            400: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description Missing or invalid API key (Authorization: Bearer sk_live_… or sk_test_…). */
            401: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description No such session for this key: it never existed, expired, was closed or failed. Create a new session and replay the steps. */
            404: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionNotFoundError"];
                };
            };
            /** @description The session runs on another node, the one its id names (ses_<node>_...) and context.node says: send its requests there. nginx with deploy/nginx.conf routes them by the id, so a client behind it never sees this. */
            421: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WrongNodeError"];
                };
            };
            /** @description Over the plan's request rate (context.limit requests_per_minute) or its concurrent sessions (context.limit concurrent_sessions): honour Retry-After, back off. */
            429: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description An internal fault; nothing internal is shown. Retrying may help. */
            500: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    takeover: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id, from the create answer. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The person holds the page. */
            200: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Takeover"];
                };
            };
            /** @description Missing or invalid API key (Authorization: Bearer sk_live_… or sk_test_…). */
            401: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description No such session for this key: it never existed, expired, was closed or failed. Create a new session and replay the steps. */
            404: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionNotFoundError"];
                };
            };
            /** @description session_busy: a person holds the page of this session (or is about to, once the act under way answers). Or the act under way did not answer within 30 s. */
            409: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TakeoverBusyError"];
                };
            };
            /** @description The session runs on another node, the one its id names (ses_<node>_...) and context.node says: send its requests there. nginx with deploy/nginx.conf routes them by the id, so a client behind it never sees this. */
            421: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WrongNodeError"];
                };
            };
            /** @description Over the plan's request rate (context.limit requests_per_minute) or its concurrent sessions (context.limit concurrent_sessions): honour Retry-After, back off. */
            429: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description An internal fault; nothing internal is shown. Retrying may help. */
            500: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    handback: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id, from the create answer. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The queue resumed. */
            200: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Handback"];
                };
            };
            /** @description Missing or invalid API key (Authorization: Bearer sk_live_… or sk_test_…). */
            401: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description No such session for this key: it never existed, expired, was closed or failed. Create a new session and replay the steps. */
            404: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionNotFoundError"];
                };
            };
            /** @description not_taken_over: nobody holds the page: POST /v1/sessions/{id}/takeover first. */
            409: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HandbackRefusedError"];
                };
            };
            /** @description The session runs on another node, the one its id names (ses_<node>_...) and context.node says: send its requests there. nginx with deploy/nginx.conf routes them by the id, so a client behind it never sees this. */
            421: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WrongNodeError"];
                };
            };
            /** @description Over the plan's request rate (context.limit requests_per_minute) or its concurrent sessions (context.limit concurrent_sessions): honour Retry-After, back off. */
            429: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description An internal fault; nothing internal is shown. Retrying may help. */
            500: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    input: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id, from the create answer. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    events: ({
                        /** @enum {string} */
                        type: "mouse";
                        /**
                         * @description What the mouse does at x, y.
                         * @enum {string}
                         */
                        action: "move" | "down" | "up" | "click" | "wheel";
                        /** @description CSS pixels from the left edge of the viewport. */
                        x: number;
                        /** @description CSS pixels from the top edge of the viewport. */
                        y: number;
                        /**
                         * @description The button of down, up and click; left when absent.
                         * @enum {string}
                         */
                        button?: "left" | "right" | "middle";
                        /** @description Horizontal scroll of a wheel event, in CSS pixels. */
                        delta_x?: number;
                        /** @description Vertical scroll of a wheel event, in CSS pixels. */
                        delta_y?: number;
                    } | ({
                        /** @enum {string} */
                        type: "key";
                        /** @enum {string} */
                        action: "down";
                        /** @description A key name of Playwright's keyboard (its US layout): Enter, Tab, ArrowLeft, KeyA, a, A, Shift, ... */
                        key: string;
                    } | {
                        /** @enum {string} */
                        type: "key";
                        /** @enum {string} */
                        action: "up";
                        /** @description A key name of Playwright's keyboard (its US layout): Enter, Tab, ArrowLeft, KeyA, a, A, Shift, ... */
                        key: string;
                    } | {
                        /** @enum {string} */
                        type: "key";
                        /** @enum {string} */
                        action: "press";
                        /** @description A key name, or modifiers and a key joined by + (Shift+Tab, ControlOrMeta+a), as Playwright's keyboard.press takes it. */
                        key: string;
                    }) | {
                        /** @enum {string} */
                        type: "text";
                        /** @description Text inserted at the focus, as typing it would. */
                        text: string;
                    })[];
                };
            };
        };
        responses: {
            /** @description Every event was applied. */
            200: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InputApplied"];
                };
            };
            /** @description The body, the query or a header is invalid: context.path names the field, context.expected what was wanted. Fix the request; sending it again unchanged fails again. */
            400: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description Missing or invalid API key (Authorization: Bearer sk_live_… or sk_test_…). */
            401: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description No such session for this key: it never existed, expired, was closed or failed. Create a new session and replay the steps. */
            404: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionNotFoundError"];
                };
            };
            /** @description not_taken_over: nobody holds the page: POST /v1/sessions/{id}/takeover first. session_busy: the page did not take the input within 10 s. */
            409: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InputRefusedError"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description The session runs on another node, the one its id names (ses_<node>_...) and context.node says: send its requests there. nginx with deploy/nginx.conf routes them by the id, so a client behind it never sees this. */
            421: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WrongNodeError"];
                };
            };
            /** @description Over the plan's request rate (context.limit requests_per_minute) or its concurrent sessions (context.limit concurrent_sessions): honour Retry-After, back off. */
            429: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description An internal fault; nothing internal is shown. Retrying may help. */
            500: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    mcpStream: {
        parameters: {
            query?: never;
            header?: {
                /** @description The MCP session, as the initialize answer gave it; absent only on the initialize request. */
                "Mcp-Session-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream. */
            200: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description The body, the query or a header is invalid: context.path names the field, context.expected what was wanted. Fix the request; sending it again unchanged fails again. */
            400: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description Missing or invalid API key (Authorization: Bearer sk_live_… or sk_test_…). */
            401: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The Mcp-Session-Id is not an open MCP session of this key (ended with DELETE, unused for 30 min, or never opened): initialize again. */
            404: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpSessionNotFoundError"];
                };
            };
            /** @description Over the plan's request rate (context.limit requests_per_minute) or its concurrent sessions (context.limit concurrent_sessions): honour Retry-After, back off. */
            429: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description An internal fault; nothing internal is shown. Retrying may help. */
            500: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    mcpMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description The MCP session, as the initialize answer gave it; absent only on the initialize request. */
                "Mcp-Session-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The JSON-RPC answers (Accept must name application/json and text/event-stream). */
            200: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Notifications or answers only: accepted, no body. */
            202: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body, the query or a header is invalid: context.path names the field, context.expected what was wanted. Fix the request; sending it again unchanged fails again. */
            400: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description Missing or invalid API key (Authorization: Bearer sk_live_… or sk_test_…). */
            401: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The Mcp-Session-Id is not an open MCP session of this key (ended with DELETE, unused for 30 min, or never opened): initialize again. */
            404: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpSessionNotFoundError"];
                };
            };
            /** @description Accept does not name application/json and text/event-stream: a JSON-RPC error. */
            406: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description Over the plan's request rate (context.limit requests_per_minute) or its concurrent sessions (context.limit concurrent_sessions): honour Retry-After, back off. */
            429: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description An internal fault; nothing internal is shown. Retrying may help. */
            500: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    mcpClose: {
        parameters: {
            query?: never;
            header?: {
                /** @description The MCP session, as the initialize answer gave it; absent only on the initialize request. */
                "Mcp-Session-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The MCP session ended. */
            200: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body, the query or a header is invalid: context.path names the field, context.expected what was wanted. Fix the request; sending it again unchanged fails again. */
            400: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description Missing or invalid API key (Authorization: Bearer sk_live_… or sk_test_…). */
            401: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The Mcp-Session-Id is not an open MCP session of this key (ended with DELETE, unused for 30 min, or never opened): initialize again. */
            404: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpSessionNotFoundError"];
                };
            };
            /** @description Over the plan's request rate (context.limit requests_per_minute) or its concurrent sessions (context.limit concurrent_sessions): honour Retry-After, back off. */
            429: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description An internal fault; nothing internal is shown. Retrying may help. */
            500: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    sessionEvents: {
        parameters: {
            query?: {
                /** @description Most events in one page (JSON only; the stream sends them all). */
                limit?: number;
                /** @description Only events numbered above this: the next_cursor of the previous page, or the last id you have. From the start when absent. */
                after?: number;
            };
            header?: {
                /** @description For the stream: the id of the last event received; the replay starts after it (over after). */
                "Last-Event-ID"?: number;
            };
            path: {
                /** @description Session id, from the create answer. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events (JSON), or the stream (text/event-stream). */
            200: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventPage"];
                    "text/event-stream": string;
                };
            };
            /** @description The body, the query or a header is invalid: context.path names the field, context.expected what was wanted. Fix the request; sending it again unchanged fails again. */
            400: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description Missing or invalid API key (Authorization: Bearer sk_live_… or sk_test_…). */
            401: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description No such session for this key: it never existed, expired, was closed or failed. Create a new session and replay the steps. */
            404: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionNotFoundError"];
                };
            };
            /** @description Over the plan's request rate (context.limit requests_per_minute) or its concurrent sessions (context.limit concurrent_sessions): honour Retry-After, back off. */
            429: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description An internal fault; nothing internal is shown. Retrying may help. */
            500: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Requests this key may make in any 60 s (its plan's rate). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current 60 s window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (s) when the oldest counted request leaves the window. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    getOpenApi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document of this API. */
            200: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The browser engine is up. */
            200: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description The browser engine is down or restarting. */
            503: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Metrics in the Prometheus text format. */
            200: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description TABWRIGHT_METRICS_TOKEN is set and the request did not carry it. */
            401: {
                headers: {
                    /** @description Id of this request (req_…), the same as the envelope's request_id. On every answer. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
        };
    };
}
