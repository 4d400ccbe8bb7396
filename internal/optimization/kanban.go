package optimization

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
)

// Kanban states of a board.
const (
	BoardWaiting = 0
	BoardCutting = 1
	BoardDone    = 2
)

// RunBoard is one board of a finished run on the saw kanban (table opt_run_boards).
type RunBoard struct {
	bun.BaseModel `bun:"table:opt_run_boards,alias:rb"`
	db.Entity
	RunID       uuid.UUID  `bun:"run_id,type:uuid,notnull" json:"runId"`
	SheetIndex  int        `bun:"sheet_index,notnull" json:"sheetIndex" doc:"The board's index in the result (1-based)"`
	Pattern     int        `bun:"pattern,notnull" json:"pattern"`
	Book        int        `bun:"book,notnull" json:"book" doc:"The book (boards cut at once) it is stacked in, 1-based within the run"`
	BoardCode   string     `bun:"board_code,notnull" json:"boardCode"`
	Material    string     `bun:"material,notnull" json:"material"`
	Thickness   float64    `bun:"thickness,notnull" json:"thickness"`
	Length      float64    `bun:"length,notnull" json:"length"`
	Width       float64    `bun:"width,notnull" json:"width"`
	Parts       int        `bun:"parts,notnull" json:"parts"`
	Utilisation float64    `bun:"utilisation,notnull" json:"utilisation"`
	Channel     int        `bun:"channel,notnull" json:"channel"`
	State       int        `bun:"state,notnull" json:"state" enum:"0,1,2" doc:"0 waiting, 1 cutting, 2 done"`
	MovedBy     string     `bun:"moved_by,notnull" json:"movedBy"`
	MovedAt     *time.Time `bun:"moved_at" json:"movedAt"`
}

// Message keys of the kanban.
const (
	KeyRunBoardNotFound = "Optimization:RunBoardNotFound"
	KeyRunBoardBadMove  = "Optimization:RunBoardBadMove"
)

var kanbanTexts = localization.Texts{
	KeyRunBoardNotFound: {ZhHans: "板材不存在", En: "The board does not exist"},
	KeyRunBoardBadMove:  {ZhHans: "板材只能移到相邻的状态", En: "A board moves one column at a time"},
}

// kanbanBoards lays a result's boards out on the saw: identical boards (one pattern) are
// stacked into books of the saw's book size, and books go to channels in turn.
func kanbanBoards(runID uuid.UUID, res RunResult, saw Saw, channels int) []RunBoard {
	channels = max(channels, 1)
	bySheet := map[int]ResultSheet{}
	for _, sh := range res.Sheets {
		bySheet[sh.Index-1] = sh
	}
	var out []RunBoard
	book := 0
	for _, p := range res.Patterns {
		if len(p.Sheets) == 0 {
			continue
		}
		size := saw.BookSize(bySheet[p.Sheets[0]].Thickness)
		for i, idx := range p.Sheets {
			if i%size == 0 {
				book++
			}
			sh := bySheet[idx]
			out = append(out, RunBoard{RunID: runID, SheetIndex: sh.Index, Pattern: p.Index, Book: book, BoardCode: sh.BoardCode,
				Material: sh.Material, Thickness: sh.Thickness, Length: sh.Length, Width: sh.Width, Parts: len(sh.Parts),
				Utilisation: sh.Utilisation, Channel: (book-1)%channels + 1, State: BoardWaiting})
		}
	}
	return out
}

// Channel is one channel of the saw with its boards in cutting order.
type Channel struct {
	Channel int        `json:"channel"`
	Boards  []RunBoard `json:"boards"`
}

// Channels answers a run's boards by channel (a run not finished has none).
func (s *Service) Channels(ctx context.Context, runID uuid.UUID) ([]Channel, error) {
	if _, err := s.run(ctx, s.db, runID); err != nil {
		return nil, err
	}
	var rows []RunBoard
	if err := db.Select(ctx, s.db, &rows).Where("?TableAlias.run_id = ?", runID).
		OrderExpr("?TableAlias.channel, ?TableAlias.book, ?TableAlias.sheet_index").Scan(ctx); err != nil {
		return nil, fmt.Errorf("run boards: %w", err)
	}
	out := []Channel{}
	for _, b := range rows {
		if len(out) == 0 || out[len(out)-1].Channel != b.Channel {
			out = append(out, Channel{Channel: b.Channel})
		}
		out[len(out)-1].Boards = append(out[len(out)-1].Boards, b)
	}
	return out, nil
}

// MoveBoard moves a board one column on the kanban (waiting ⇄ cutting ⇄ done), naming who
// moved it; two moves of one board from the same column never both succeed.
func (s *Service) MoveBoard(ctx context.Context, runID, boardID uuid.UUID, state int) (*RunBoard, error) {
	b := new(RunBoard)
	if err := db.Select(ctx, s.db, b).Where("?TableAlias.id = ? AND ?TableAlias.run_id = ?", boardID, runID).Scan(ctx); err != nil {
		return nil, apperr.WithKey(db.NotFound(err, "run board"), KeyRunBoardNotFound)
	}
	if state < BoardWaiting || state > BoardDone || (state-b.State != 1 && b.State-state != 1) {
		return nil, apperr.User(KeyRunBoardBadMove)
	}
	name := ""
	if p := auth.FromContext(ctx); p != nil {
		name = p.UserName
	}
	now := time.Now().UTC()
	stamp := b.ConcurrencyStamp
	b.State, b.MovedBy, b.MovedAt = state, name, &now
	if err := db.UpdateStamped(ctx, s.db, b, stamp, "state", "moved_by", "moved_at"); err != nil {
		return nil, err
	}
	return b, nil
}
